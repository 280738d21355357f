import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import {
  createOperator,
  disableOperator,
  issueEnrolmentCode,
  listOperators,
  MIN_OPERATOR_PASSWORD,
  OPERATOR_ROLES,
  type CreatedOperator,
  type IssuedEnrolmentCode,
} from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

const expiry = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The one-time enrolment code and what it is for. */
function enrolmentLines(issued: Pick<IssuedEnrolmentCode, 'enrolmentCode' | 'enrolmentExpiresAt'>): string[] {
  return [
    `  enrolment code: ${issued.enrolmentCode}   (one-time, until ${expiry(issued.enrolmentExpiresAt)})`,
    '  At the first sign-in the console asks for it after the password and then shows the TOTP secret as a',
    '  QR code for the authenticator app; the password alone never does. Hand password and code over',
    '  separately; `datekit operators enrol-code --email …` issues a new code.',
  ];
}

/**
 * What a new operator needs to sign in: password, and either the enrolment code (the console then
 * shows the QR code) or the TOTP secret and otpauth URL to set the authenticator app up right away.
 */
export function operatorLoginLines(created: CreatedOperator, generated: boolean): string[] {
  return [
    `Operator ${created.email} (${created.role}) created.`,
    ...(generated ? [`  password:    ${created.password}   (generated; hand it over safely)`] : []),
    ...enrolmentLines(created),
    `  TOTP secret: ${created.totpSecret}`,
    `  otpauth URL: ${created.otpauthUrl}`,
    '  (or set the app up with this secret now: the first sign-in then takes its code directly)',
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
    .description('Create an operator; prints the one-time enrolment code, the TOTP secret and its otpauth URL')
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
    .command('enrol-code')
    .description('A new one-time enrolment code for an operator who has not set up the authenticator app yet')
    .requiredOption('--email <address>', "the operator's e-mail address")
    .option('--reset', 'for one who has: a new TOTP secret (lost phone), their sessions ended, enrol again')
    .action(async (options: { email: string; reset?: boolean }) => {
      const services = await openServices();
      try {
        await migrate(services);
        const issued = await issueEnrolmentCode(services, options.email, { reset: Boolean(options.reset) });
        console.log(`Operator ${issued.email}: a new enrolment code (any earlier one no longer works).`);
        if (issued.totpSecret) console.log('  Their authenticator was reset: the old codes no longer sign in.');
        for (const line of enrolmentLines(issued)) console.log(line);
      } catch (error) {
        console.error(`No code issued: ${(error as Error).message}`);
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
