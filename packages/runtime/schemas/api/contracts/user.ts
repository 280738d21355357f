import { z } from 'zod';
import { contract } from '../../../api/contract.ts';
import { okResponseSchema } from '../ok.ts';
import { signupRequestSchema } from '../signup.ts';
import {
  languageRequestSchema,
  languageResponseSchema,
  loggedInResponseSchema,
  loginRequestSchema,
  userResponseSchema,
} from '../user.ts';
import { pushSubscriptionRequestSchema, pushUnsubscribeRequestSchema } from '../push.ts';

export const userRoute = contract({ method: 'GET', path: '/api/user.php', response: userResponseSchema });

export const loginRoute = contract({
  method: 'POST',
  path: '/api/user.php',
  body: loginRequestSchema,
  response: userResponseSchema,
});

export const languageRoute = contract({
  method: 'PUT',
  path: '/api/user.php',
  body: languageRequestSchema,
  response: languageResponseSchema,
});

export const logoutRoute = contract({ method: 'GET', path: '/api/logout.php', response: userResponseSchema });

export const signupRoute = contract({
  method: 'POST',
  path: '/api/signup.php',
  body: signupRequestSchema,
  response: userResponseSchema,
});

const sentSchema = z.object({ sent: z.literal(true) });

export const activationMailRoute = contract({
  method: 'POST',
  path: '/api/activation-mail.php',
  response: sentSchema,
});

export const passwordResetRoute = contract({
  method: 'POST',
  path: '/api/password-reset.php',
  body: z.object({ email: z.string().trim().max(254) }),
  response: sentSchema,
});

export const passwordResetDoneRoute = contract({
  method: 'POST',
  path: '/api/password-reset-do.php',
  body: z.object({ token: z.string().max(100), password: z.string().max(200), password_repeat: z.string().max(200) }),
  response: loggedInResponseSchema,
});

/**
 * The browser's push subscription, at the spec's address `/api/user.php?push=1`, which the server
 * rewrites to its own path (push-subscription.routes.ts `pushRewrite`).
 */
export const pushSubscribeRoute = contract({
  method: 'POST',
  path: '/api/push-subscription.php',
  address: '/api/user.php?push=1',
  body: pushSubscriptionRequestSchema,
  response: okResponseSchema,
});

export const pushUnsubscribeRoute = contract({
  method: 'DELETE',
  path: '/api/push-subscription.php',
  address: '/api/user.php?push=1',
  body: pushUnsubscribeRequestSchema,
  response: okResponseSchema,
});
