import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { defineRoute } from '../../http/define-route.ts';
import {
  operatorEnrolRoute,
  operatorLoginCodeRoute,
  operatorLoginRoute,
  operatorLogoutRoute,
  operatorMeRoute,
} from '@datekit/runtime/schemas/api/contracts/operator';
import { checkOperatorCode, checkOperatorPassword, enrolWithCode } from './operator-login.ts';
import { endOperatorSession, loadCurrentOperator, startOperatorSession } from './operator-sessions.ts';
import { permissionsOf } from './permissions.ts';

export const operatorLogin = defineRoute({
  contract: operatorLoginRoute,
  summary:
    'Operator login, step one: e-mail and password. Answers a challenge for the TOTP step (and whether the authenticator is still to be set up), never a session nor the TOTP secret.',
  access: 'public',
  rateLimit: RATE_LIMITS.login,
  errors: ['login_failed', 'login_blocked'],
  handler: async ({ body, services }) => checkOperatorPassword(services, body.email, body.password),
});

export const operatorEnrol = defineRoute({
  contract: operatorEnrolRoute,
  summary:
    'First login, between the steps: the challenge and the one-time enrolment code `datekit operators add|enrol-code` printed answer the TOTP secret and its QR code, once. Never a session.',
  access: 'public',
  rateLimit: RATE_LIMITS.login,
  errors: ['operator_enrolment_invalid', 'login_blocked'],
  handler: async ({ body, services }) => enrolWithCode(services, body.email, body.challenge, body.enrolment_code),
});

export const operatorLoginCode = defineRoute({
  contract: operatorLoginCodeRoute,
  summary: 'Operator login, step two: the TOTP code. A valid code starts a 12-hour session (host-only cookie).',
  access: 'public',
  rateLimit: RATE_LIMITS.login,
  errors: ['operator_code_invalid', 'login_blocked'],
  handler: async ({ body, services, reply }) => {
    const id = await checkOperatorCode(services, body.email, body.challenge, body.code);
    await startOperatorSession(services, reply, id);
    return { ok: true as const };
  },
});

export const operatorMe = defineRoute({
  contract: operatorMeRoute,
  summary: 'The signed-in operator with the permissions of their role, or null.',
  access: 'public',
  handler: async ({ services, request }) => {
    const operator = await loadCurrentOperator(services, request);
    const test_site = services.config.testSite;
    if (!operator) return { operator: null, brands: [], test_site };
    return {
      operator: {
        id: operator.id,
        email: operator.email,
        role: operator.role,
        permissions: permissionsOf(operator.role),
      },
      brands: services.brands.all().map((brand) => brand.domain),
      test_site,
    };
  },
});

export const operatorLogout = defineRoute({
  contract: operatorLogoutRoute,
  summary: 'Ends the operator session.',
  access: 'public',
  handler: async ({ services, request, reply }) => {
    const operator = await loadCurrentOperator(services, request);
    await endOperatorSession(services, reply, operator?.sessionTokenHash);
    return { ok: true as const };
  },
});

export const operatorAuthRoutes = [operatorLogin, operatorEnrol, operatorLoginCode, operatorMe, operatorLogout];
