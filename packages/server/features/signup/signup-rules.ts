import { checkEmail, isValidDateOfBirth, isValidPassword, nameProblem } from '@datekit/runtime/rules/signup';
import { type SignupRequest, type Tracking, TRACKING_PARAMS } from '@datekit/runtime/schemas/api/signup';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';

export function hasTrafficSource(tracking: Tracking | undefined): boolean {
  return TRACKING_PARAMS.some((param) => Boolean(tracking?.[param]?.trim()));
}

/** Signup availability (spec §4): all; with_trafficsource, only visitors who bring tracking; else closed. */
export function assertSignupsOpen(brand: Brand, tracking: Tracking | undefined): void {
  if (brand.signups === 'all') return;
  if (brand.signups === 'with_trafficsource' && hasTrafficSource(tracking)) return;
  throw new ApiError('signups_closed');
}

/** The spec §5 rules, in the order a person fixes them; the first broken one is the answer. */
export function assertValidSignup(request: SignupRequest, today: Date): void {
  const email = checkEmail(request.email, request.keep_email);
  if (!email.ok) throw new ApiError('invalid_email', {}, { field: 'email', suggestion: email.suggestion });
  const problem = nameProblem(request.name, request.email);
  if (problem) throw new ApiError('invalid_name', {}, { field: 'name', reason: problem });
  if (!isValidPassword(request.password)) throw new ApiError('invalid_password', {}, { field: 'password' });
  if (!isValidDateOfBirth(request.date_of_birth, today)) {
    throw new ApiError('invalid_date_of_birth', {}, { field: 'date_of_birth' });
  }
  if (!request.accept_terms) throw new ApiError('terms_not_accepted', {}, { field: 'accept_terms' });
}
