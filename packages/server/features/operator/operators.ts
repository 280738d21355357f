import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '@datekit/runtime/rules/signup';
import type { Services } from '../../services.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from './permissions.ts';
import { ENROL_CODE_MS, enrolCodeHash, newEnrolCode } from './enrolment-codes.ts';
import { newTotpSecret, otpauthUrl } from './totp.ts';

/** Passwords of operators: at least this long (they guard every member's data). */
export const MIN_OPERATOR_PASSWORD = 12;

/** The command line, as it appears in the audit log. */
export const CLI_ACTOR: AuditActor = { id: null, email: 'command line' };

export interface NewOperator {
  email: string;
  role: string;
  /** Generated (and answered) when absent. */
  password?: string | undefined;
}

export interface CreatedOperator {
  id: number;
  email: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
  otpauthUrl: string;
  /** One-time code for the first sign-in at the console, which then shows the secret as a QR code. */
  enrolmentCode: string;
  enrolmentExpiresAt: number;
}

/** A readable random password: 20 characters of base64url (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/** Creates an operator account (`datekit operators add`, the demo's owner). Throws a message for people. */
export async function createOperator(
  services: Services,
  input: NewOperator,
  actor: AuditActor = CLI_ACTOR,
): Promise<CreatedOperator> {
  const email = normalizeEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`--email must be an e-mail address; got "${input.email}"`);
  if (!isOperatorRole(input.role))
    throw new Error(`--role must be one of ${OPERATOR_ROLES.join(', ')}; got "${input.role}"`);
  const password = input.password ?? generatePassword();
  if (password.length < MIN_OPERATOR_PASSWORD)
    throw new Error(`the password must have at least ${MIN_OPERATOR_PASSWORD} characters`);
  const existing = await services.db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw new Error(`an operator ${email} exists already`);
  const totpSecret = newTotpSecret();
  const passwordHash = await services.passwords.hash(password);
  const now = services.now();
  const enrolmentCode = newEnrolCode();
  const id = await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('operators')
      .values({
        email,
        role: input.role as OperatorRole,
        password_hash: passwordHash,
        totp_secret: totpSecret,
        enrol_code_hash: enrolCodeHash(enrolmentCode),
        enrol_code_expires_at: now + ENROL_CODE_MS,
        status: 'active',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      { action: 'operator.add', targetType: 'operator', targetId: row.id, details: { email, role: input.role } },
      now,
    );
    return row.id;
  });
  return {
    id,
    email,
    role: input.role,
    password,
    totpSecret,
    otpauthUrl: otpauthUrl(email, totpSecret),
    enrolmentCode,
    enrolmentExpiresAt: now + ENROL_CODE_MS,
  };
}

export interface IssuedEnrolmentCode {
  email: string;
  enrolmentCode: string;
  enrolmentExpiresAt: number;
  /** Set when `reset` gave the operator a new TOTP secret (the old authenticator no longer works). */
  totpSecret: string | null;
}

/**
 * `datekit operators enrol-code`: a fresh one-time enrolment code for an active operator (the last one
 * expired or was lost); any earlier code stops working. An operator who has enrolled already needs
 * `reset`: a new TOTP secret, their sessions ended, and the console enrols them again. Throws a
 * message for people.
 */
export async function issueEnrolmentCode(
  services: Services,
  rawEmail: string,
  options: { reset?: boolean } = {},
  actor: AuditActor = CLI_ACTOR,
): Promise<IssuedEnrolmentCode> {
  const email = normalizeEmail(rawEmail);
  const now = services.now();
  const enrolmentCode = newEnrolCode();
  return services.db.transaction().execute(async (trx) => {
    const operator = await trx
      .selectFrom('operators')
      .select(['id', 'status', 'totp_enrolled_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!operator || operator.status !== 'active') throw new Error(`no active operator ${email}`);
    if (operator.totp_enrolled_at !== null && !options.reset)
      throw new Error(`${email} has set up an authenticator already; --reset gives them a new one to set up`);
    const totpSecret = operator.totp_enrolled_at !== null ? newTotpSecret() : null;
    await trx
      .updateTable('operators')
      .set({
        enrol_code_hash: enrolCodeHash(enrolmentCode),
        enrol_code_expires_at: now + ENROL_CODE_MS,
        ...(totpSecret ? { totp_secret: totpSecret, totp_enrolled_at: null, totp_last_step: null } : {}),
      })
      .where('id', '=', operator.id)
      .execute();
    if (totpSecret) await trx.deleteFrom('operator_sessions').where('operator_id', '=', operator.id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'operator.enrol_code',
        targetType: 'operator',
        targetId: operator.id,
        details: { reset: Boolean(totpSecret) },
      },
      now,
    );
    return { email, enrolmentCode, enrolmentExpiresAt: now + ENROL_CODE_MS, totpSecret };
  });
}

export async function listOperators(services: Services) {
  return services.db
    .selectFrom('operators')
    .select(['id', 'email', 'role', 'status', 'created_at', 'last_login_at', 'totp_enrolled_at'])
    .orderBy('id')
    .execute();
}

/** Disables an operator and ends their sessions. Answers false when there is no such operator. */
export async function disableOperator(services: Services, email: string, actor: AuditActor = CLI_ACTOR) {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('operators')
      .set({ status: 'disabled' })
      .where('email', '=', normalizeEmail(email))
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('operator_sessions').where('operator_id', '=', row.id).execute();
    await recordAudit(trx, actor, { action: 'operator.disable', targetType: 'operator', targetId: row.id }, now);
    return true;
  });
}

/** Whether any active owner exists (the demo creates one when not). */
export async function hasOwner(services: Services): Promise<boolean> {
  const row = await services.db
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Boolean(row);
}
