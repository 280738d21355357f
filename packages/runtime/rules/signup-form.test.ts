import { describe, expect, it } from 'vitest';
import { checkSignupForm, signupsOpen, type SignupFormValues } from './signup-form.ts';

const today = new Date('2026-06-15T12:00:00Z');
const valid: SignupFormValues = {
  name: 'Sanne',
  email: 'sanne.devries@gmail.com',
  password: 'correct horse',
  date_of_birth: '1990-04-01',
  gender: 'female',
  accept_terms: true,
};

describe('checkSignupForm', () => {
  it('accepts a complete form', () => {
    expect(checkSignupForm(valid, today)).toEqual({ problems: {}, suggestion: null });
  });

  it('asks for every missing field', () => {
    const empty = { name: '', email: '', password: '', date_of_birth: '', gender: '', accept_terms: false };
    expect(checkSignupForm(empty, today).problems).toEqual({
      name: 'required',
      email: 'required',
      password: 'required',
      date_of_birth: 'required',
      gender: 'required',
      accept_terms: 'terms_not_accepted',
    });
  });

  it('applies the server’s username rules', () => {
    expect(checkSignupForm({ ...valid, name: '@sanne' }, today).problems.name).toBe('starts_with_at');
    expect(checkSignupForm({ ...valid, name: 'sanne.devries@gmail.com' }, today).problems.name).toBe('equals_email');
  });

  it('refuses members under 18 on the day before their birthday', () => {
    expect(checkSignupForm({ ...valid, date_of_birth: '2008-06-16' }, today).problems.date_of_birth).toBe(
      'invalid_date_of_birth',
    );
    expect(checkSignupForm({ ...valid, date_of_birth: '2008-06-15' }, today).problems.date_of_birth).toBeUndefined();
  });

  it('offers a did-you-mean for a typo in a common domain, once', () => {
    const typo = { ...valid, email: 'sanne.devries@gmial.com' };
    expect(checkSignupForm(typo, today)).toEqual({
      problems: { email: 'email_suggestion' },
      suggestion: 'sanne.devries@gmail.com',
    });
    expect(checkSignupForm(typo, today, true).problems).toEqual({});
  });

  it('calls an address without a domain invalid', () => {
    expect(checkSignupForm({ ...valid, email: 'sanne@' }, today).problems.email).toBe('invalid_email');
  });

  it('asks for a longer password', () => {
    expect(checkSignupForm({ ...valid, password: 'short' }, today).problems.password).toBe('invalid_password');
  });
});

describe('signupsOpen', () => {
  it('is open to everyone, to traffic-source visitors only, or closed', () => {
    expect(signupsOpen('all', false)).toBe(true);
    expect(signupsOpen('with_trafficsource', true)).toBe(true);
    expect(signupsOpen('with_trafficsource', false)).toBe(false);
    expect(signupsOpen('closed', true)).toBe(false);
  });
});
