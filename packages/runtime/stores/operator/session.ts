import { atom } from 'nanostores';
import type { ApiAnswer } from '../../api/contract.ts';
import type { OperatorJson } from '../../schemas/api/operator/auth.ts';
import { ONCE } from './write-once.ts';
import { api, isBrowser } from '../api.ts';

/** The signed-in operator: undefined while loading, null when signed out. */
export const $operator = atom<OperatorJson | null | undefined>(undefined);

/** The installation's brand domains, for the brand filters. */
export const $operatorBrands = atom<string[]>([]);

/** The installation takes no real payments (production running the sandbox): every console page says so. */
export const $operatorTestSite = atom(false);

export async function loadOperator(): Promise<OperatorJson | null> {
  if (!isBrowser()) return null;
  const { operator, brands, test_site } = await api().call('GET /api/operator/me');
  $operator.set(operator);
  $operatorBrands.set(brands);
  $operatorTestSite.set(test_site);
  return operator;
}

/** Step one: the password; answers the challenge and whether the authenticator is still to be set up. */
export function operatorPasswordStep(email: string, password: string): Promise<ApiAnswer<'POST /api/operator/login'>> {
  return api().call('POST /api/operator/login', { body: { email, password } }, ONCE);
}

/** First sign-in: the enrolment code the command line printed; answers the QR code to set the app up. */
export function operatorEnrolStep(
  email: string,
  challenge: string,
  code: string,
): Promise<ApiAnswer<'POST /api/operator/login/enrol'>> {
  return api().call('POST /api/operator/login/enrol', { body: { email, challenge, enrolment_code: code } }, ONCE);
}

/** Step two: the TOTP code; the server sets the session cookie. */
export async function operatorCodeStep(email: string, challenge: string, code: string): Promise<void> {
  await api().call('POST /api/operator/login/code', { body: { email, challenge, code } }, ONCE);
  await loadOperator();
}

export async function operatorLogout(): Promise<void> {
  await api().call('POST /api/operator/logout');
  $operator.set(null);
}

/** Whether the signed-in operator's role has a permission of the server's role table. */
export function operatorMay(operator: OperatorJson | null | undefined, permission: string): boolean {
  return Boolean(operator?.permissions.includes(permission));
}
