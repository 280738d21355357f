import { createInterface } from 'node:readline/promises';
import {
  createOperator,
  disableOperator,
  issueEnrolmentCode,
  listOperators,
  MIN_OPERATOR_PASSWORD,
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

/** `datekit operators add`: prints the one-time enrolment code, the TOTP secret and its otpauth URL. */
export async function addOperatorCommand(options: { email: string; role: string; password?: string }): Promise<void> {
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
}

/** `datekit operators enrol-code`: a new one-time enrolment code, with `reset` a new TOTP secret too. */
export async function enrolCodeCommand(options: { email: string; reset?: boolean }): Promise<void> {
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
}

/** `datekit operators list`: every operator with role and status. */
export async function listOperatorsCommand(): Promise<void> {
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
}

/** `datekit operators disable`: ends their sessions; the audit log keeps their rows. */
export async function disableOperatorCommand(options: { email: string }): Promise<void> {
  const services = await openServices();
  try {
    await migrate(services);
    const done = await disableOperator(services, options.email);
    console.log(done ? `Disabled ${options.email}.` : `No operator ${options.email}.`);
    if (!done) process.exitCode = 1;
  } finally {
    await services.db.destroy();
  }
}
