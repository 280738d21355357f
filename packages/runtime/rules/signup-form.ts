import { checkEmail, isValidDateOfBirth, isValidPassword, nameProblem, type NameProblem } from './signup.ts';

/** What the signup form asks (spec §3 Signup form, plus gender and the 18+/terms confirmation). */
export interface SignupFormValues {
  name: string;
  email: string;
  password: string;
  date_of_birth: string;
  gender: string;
  accept_terms: boolean;
}

export type SignupField = keyof SignupFormValues;

export type SignupProblem =
  | NameProblem
  | 'required'
  | 'invalid_email'
  | 'email_suggestion'
  | 'invalid_password'
  | 'invalid_date_of_birth'
  | 'terms_not_accepted';

export interface SignupCheck {
  /** The first problem of each field, in the form's order. */
  problems: Partial<Record<SignupField, SignupProblem>>;
  /** Did-you-mean address for a likely typo in the e-mail domain. */
  suggestion: string | null;
}

/**
 * The checks the form runs before sending, with the same rule functions the server applies
 * (spec §5). `keepEmail`: the visitor saw the did-you-mean hint and submitted their address anyway.
 */
export function checkSignupForm(values: SignupFormValues, today: Date, keepEmail = false): SignupCheck {
  const problems: SignupCheck['problems'] = {};
  const name = values.name.trim();
  const email = values.email.trim();

  if (!name) problems.name = 'required';
  else {
    const problem = nameProblem(name, email);
    if (problem) problems.name = problem;
  }

  let suggestion: string | null = null;
  if (!email) problems.email = 'required';
  else {
    const check = checkEmail(email, keepEmail);
    if (!check.ok) {
      suggestion = check.suggestion;
      // A valid address with a likely typo is not wrong: the form asks once, then accepts it.
      problems.email = suggestion && checkEmail(email, true).ok ? 'email_suggestion' : 'invalid_email';
    }
  }

  if (!values.password) problems.password = 'required';
  else if (!isValidPassword(values.password)) problems.password = 'invalid_password';

  if (!values.date_of_birth) problems.date_of_birth = 'required';
  else if (!isValidDateOfBirth(values.date_of_birth, today)) problems.date_of_birth = 'invalid_date_of_birth';

  if (values.gender !== 'male' && values.gender !== 'female') problems.gender = 'required';
  if (!values.accept_terms) problems.accept_terms = 'terms_not_accepted';

  return { problems, suggestion };
}

/** Which form field a server error code is about, so its message shows beside that field. */
export const SIGNUP_ERROR_FIELDS: Readonly<Record<string, SignupField>> = {
  invalid_name: 'name',
  invalid_email: 'email',
  email_taken: 'email',
  invalid_password: 'password',
  invalid_date_of_birth: 'date_of_birth',
  terms_not_accepted: 'accept_terms',
};

export type SignupAvailability = 'all' | 'with_trafficsource' | 'closed';

/** Whether this visitor may sign up (spec §4): everyone, only visitors from a traffic source, or nobody. */
export function signupsOpen(availability: SignupAvailability, fromTrafficSource: boolean): boolean {
  if (availability === 'all') return true;
  return availability === 'with_trafficsource' && fromTrafficSource;
}
