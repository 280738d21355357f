import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import {
  createOperator,
  disableOperator,
  listOperators,
  MIN_OPERATOR_PASSWORD,
  OPERATOR_ROLES,
  type CreatedOperator,
} from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** What a new operator needs to sign in: password, TOTP secret and the otpauth URL to scan. */
export function operatorLoginLines(created: CreatedOperator, generated: boolean): string[] {
  return [
    `Operator ${created.email} (${created.role}) created.`,
    ...(generated ? [`  password:    ${created.password}   (generated; hand it over safely)`] : []),
    `  TOTP secret: ${created.totpSecret}`,
    `  otpauth URL: ${created.otpauthUrl}`,
    '  The first login at the operator host shows this as a QR code for the authenticator app.',
  ];
}

/** Asks for a password on the terminal; empty generates one. */
async function askPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(`Password (at least ${MIN_OPERATOR_PASSWORD} characters; empty: generate one): `);
    return answer.trim() || undefined;
  } finally {
    rl.close();
  }
}

/** `datekit operators add|list|disable`: the operator console's staff accounts. */
export function registerOperators(program: Command): void {
  const operators = program.command('operators').description('Staff accounts of the operator console');

  operators
    .command('add')
    .description('Create an operator; prints the TOTP secret and otpauth URL for the authenticator app')
    .requiredOption('--email <address>', "the operator's e-mail address (their login)")
    .requiredOption('--role <role>', `one of ${OPERATOR_ROLES.join(', ')} (docs/operator-console.md)`)
    .option('--password <password>', 'the password; asked for on a terminal, generated when empty')
    .action(async (options: { email: string; role: string; password?: string }) => {
      const services = await openServices();
      try {
        await migrate(services);
        const password = options.password ?? (await askPassword());
        const created = await createOperator(services, { email: options.email, role: options.role, password });
        for (const line of operatorLoginLines(created, password === undefined)) console.log(line);
      } catch (error) {
        console.error(`Not created: ${(error as Error).message}`);
        process.exitCode = 1;
      } finally {
        await services.db.destroy();
      }
    });

  operators
    .command('list')
    .description('Every operator with role and status')
    .action(async () => {
      const services = await openServices();
      try {
        await migrate(services);
        const rows = await listOperators(services);
        if (!rows.length) console.log('No operators yet: datekit operators add --email … --role owner');
        for (const o of rows) {
          const last = o.last_login_at ? new Date(o.last_login_at).toISOString() : 'never';
          console.log(`${o.id}\t${o.email}\t${o.role}\t${o.status}\tlast login ${last}`);
        }
      } finally {
        await services.db.destroy();
      }
    });

  operators
    .command('disable')
    .description('Disable an operator and end their sessions (the audit log keeps their rows)')
    .requiredOption('--email <address>', "the operator's e-mail address")
    .action(async (options: { email: string }) => {
      const services = await openServices();
      try {
        await migrate(services);
        const done = await disableOperator(services, options.email);
        console.log(done ? `Disabled ${options.email}.` : `No operator ${options.email}.`);
        if (!done) process.exitCode = 1;
      } finally {
        await services.db.destroy();
      }
    });
}
