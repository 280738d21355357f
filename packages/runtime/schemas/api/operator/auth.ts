import { z } from 'zod';

export const OPERATOR_ROLE_NAMES = ['owner', 'moderator', 'support', 'finance'] as const;

/** Step one of the operator login. */
export const operatorLoginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

/**
 * No session yet: the challenge goes with the TOTP code. `enrolment_required` at the first login: no
 * authenticator is set up, and the password alone never shows its secret — the enrolment code that
 * `datekit operators add|enrol-code` printed does (POST /api/operator/login/enrol), or the operator
 * enters a code of the TOTP secret the command printed.
 */
export const operatorLoginResponseSchema = z.object({
  challenge: z.string(),
  enrolment_required: z.boolean(),
});

/** First login, between the steps: the challenge of step one and the one-time enrolment code. */
export const operatorEnrolRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  challenge: z.string().min(1).max(100),
  enrolment_code: z.string().trim().min(1).max(40),
});

/** The authenticator app's setup, shown once for a valid enrolment code. */
export const operatorEnrolResponseSchema = z.object({
  otpauth_url: z.string(),
  /** An SVG data URL of the QR code of `otpauth_url`. */
  qr_code: z.string(),
  /** The same secret as text, for apps that cannot scan. */
  secret: z.string(),
});

/** Step two: the challenge and the 6-digit code of the authenticator app. */
export const operatorCodeRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  challenge: z.string().min(1).max(100),
  code: z.string().trim().min(1).max(10),
});

export const operatorSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLE_NAMES),
  /** What the role may do (the console shows only what it may use). */
  permissions: z.array(z.string()),
});

export const operatorMeResponseSchema = z.object({
  operator: operatorSchema.nullable(),
  /** The installation's brand domains (empty when signed out), for the console's brand filters. */
  brands: z.array(z.string()),
  /** The installation takes no real payments (production running the sandbox): the console says so. */
  test_site: z.boolean(),
});

export type OperatorJson = z.infer<typeof operatorSchema>;
