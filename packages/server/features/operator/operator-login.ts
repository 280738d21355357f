import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail } from '@datekit/runtime/rules/signup';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { blockedMinutes, clearFailures, recordFailure, throttleKey } from '../auth/login-throttle.ts';
import { recordAudit } from './audit.ts';
import { enrolCodeHash } from './enrolment-codes.ts';
import { otpauthQrCode, otpauthUrl, verifyTotp } from './totp.ts';

/** The TOTP step must follow the password step within this time. */
export const CHALLENGE_MS = 5 * 60_000;

/** The members' login throttle, on keys no brand can have (`_` is not allowed in a domain). */
const keyFor = (email: string) => throttleKey('_operator', normalizeEmail(email));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function failure(services: Services, key: string): Promise<ApiError> {
  const minutes = await recordFailure(services, key);
  return minutes > 0 ? new ApiError('login_blocked', { minutes }, { minutes }) : new ApiError('login_failed');
}

async function throwIfBlocked(services: Services, key: string): Promise<void> {
  const minutes = await blockedMinutes(services, key);
  if (minutes > 0) throw new ApiError('login_blocked', { minutes }, { minutes });
}

export interface PasswordStep {
  challenge: string;
  /**
   * First login: no authenticator is set up yet. The password alone never shows the TOTP secret: the
   * operator enters the enrolment code the command line printed (enrolWithCode), or a TOTP code of
   * the secret it printed.
   */
  enrolment_required: boolean;
}

export interface Enrolment {
  otpauth_url: string;
  qr_code: string;
  secret: string;
}

/**
 * Step one: e-mail and password. The right ones give no session, only a challenge for step two (the
 * TOTP code); wrong ones count towards the lockout exactly like a member's wrong password.
 */
export async function checkOperatorPassword(
  services: Services,
  email: string,
  password: string,
): Promise<PasswordStep> {
  const key = keyFor(email);
  await throwIfBlocked(services, key);
  const operator = await services.db
    .selectFrom('operators')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  const valid = await services.passwords.verify(
    password,
    operator?.password_hash ?? (await services.passwords.decoy()),
  );
  if (!operator || !valid || operator.status !== 'active') throw await failure(services, key);
  const challenge = randomBytes(32).toString('base64url');
  await services.db
    .updateTable('operators')
    .set({ challenge_hash: sha256(challenge), challenge_expires_at: services.now() + CHALLENGE_MS })
    .where('id', '=', operator.id)
    .execute();
  return { challenge, enrolment_required: operator.totp_enrolled_at === null };
}

/**
 * First login, between the steps: the challenge of step one (so the password was right) and the
 * one-time enrolment code `datekit operators add|enrol-code` printed answer the TOTP secret as a QR
 * code to set the authenticator app up with. The code is used up here and expires unused
 * (ENROL_CODE_MS); a wrong one counts towards the lockout like a wrong password.
 */
export async function enrolWithCode(
  services: Services,
  email: string,
  challenge: string,
  enrolmentCode: string,
): Promise<Enrolment> {
  const key = keyFor(email);
  await throwIfBlocked(services, key);
  const now = services.now();
  const operator = await services.db
    .updateTable('operators')
    .set({ enrol_code_hash: null, enrol_code_expires_at: null })
    .where('email', '=', normalizeEmail(email))
    .where('status', '=', 'active')
    .where('totp_enrolled_at', 'is', null)
    .where('challenge_hash', '=', sha256(challenge))
    .where('challenge_expires_at', '>', now)
    .where('enrol_code_hash', '=', enrolCodeHash(enrolmentCode))
    .where('enrol_code_expires_at', '>', now)
    .returning(['email', 'totp_secret'])
    .executeTakeFirst();
  if (!operator) {
    const error = await failure(services, key);
    throw error.code === 'login_failed' ? new ApiError('operator_enrolment_invalid') : error;
  }
  const url = otpauthUrl(operator.email, operator.totp_secret);
  return { otpauth_url: url, qr_code: await otpauthQrCode(url), secret: operator.totp_secret };
}

/**
 * Step two: the challenge of step one and a TOTP code. A valid, unused code signs in (the caller
 * starts the session); a wrong code counts towards the lockout; the challenge is single-use.
 */
export async function checkOperatorCode(
  services: Services,
  email: string,
  challenge: string,
  code: string,
): Promise<number> {
  const key = keyFor(email);
  await throwIfBlocked(services, key);
  const now = services.now();
  const operator = await services.db
    .selectFrom('operators')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .where('status', '=', 'active')
    .where('challenge_hash', '=', sha256(challenge))
    .where('challenge_expires_at', '>', now)
    .executeTakeFirst();
  if (!operator) throw new ApiError('operator_code_invalid');
  const step = await verifyTotp(operator.totp_secret, code.trim(), now, operator.totp_last_step);
  if (step === null) {
    const error = await failure(services, key);
    throw error.code === 'login_failed' ? new ApiError('operator_code_invalid') : error;
  }
  await clearFailures(services, key);
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operators')
      .set({
        totp_last_step: step,
        totp_enrolled_at: operator.totp_enrolled_at ?? now,
        enrol_code_hash: null,
        enrol_code_expires_at: null,
        challenge_hash: null,
        challenge_expires_at: null,
        last_login_at: now,
      })
      .where('id', '=', operator.id)
      .execute();
    await recordAudit(
      trx,
      { id: operator.id, email: operator.email },
      {
        action: operator.totp_enrolled_at === null ? 'operator.enrol' : 'operator.login',
        targetType: 'operator',
        targetId: operator.id,
      },
      now,
    );
  });
  return operator.id;
}
