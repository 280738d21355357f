import { z } from 'zod';
import { contract } from '../../../api/contract.ts';
import {
  accountDeletedResponseSchema,
  deletionOfferSchema,
  mailChangeDoneResponseSchema,
  mailChangeResponseSchema,
  passwordChangedResponseSchema,
  sessionsEndedResponseSchema,
} from '../account.ts';
import { MAIL_DISABLED_REASONS } from '../../../data/notifications.ts';
import { notificationSettingsSchema, notificationUpdateSchema } from '../notifications.ts';
import { complaintBodySchema, reportBodySchema, reportResponseSchema } from '../reports.ts';
import { loggedInResponseSchema } from '../user.ts';

export const mailChangeRoute = contract({
  method: 'POST',
  path: '/api/mail-change.php',
  body: z.object({ email: z.string().trim().max(254), password: z.string().max(200) }),
  response: mailChangeResponseSchema,
});

export const mailChangeDoneRoute = contract({
  method: 'POST',
  path: '/api/mail-change-do.php',
  body: z.object({ token: z.string().max(100) }),
  response: mailChangeDoneResponseSchema,
});

export const passwordRoute = contract({
  method: 'PUT',
  path: '/api/password.php',
  body: z.object({
    old_password: z.string().max(200),
    password: z.string().max(200),
    password_repeat: z.string().max(200),
  }),
  response: passwordChangedResponseSchema,
});

export const sessionsEndRoute = contract({
  method: 'POST',
  path: '/api/sessions-end.php',
  response: sessionsEndedResponseSchema,
});

export const deletionOfferRoute = contract({
  method: 'GET',
  path: '/api/account-delete.php',
  response: deletionOfferSchema,
});

export const deleteAccountRoute = contract({
  method: 'POST',
  path: '/api/account-delete.php',
  body: z.object({ password: z.string().max(200) }),
  response: accountDeletedResponseSchema,
});

export const reactivateRoute = contract({
  method: 'POST',
  path: '/api/account-reactivate.php',
  body: z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(200) }),
  response: loggedInResponseSchema,
});

export const notificationsRoute = contract({
  method: 'GET',
  path: '/api/notifications.php',
  response: notificationSettingsSchema,
});

export const saveNotificationsRoute = contract({
  method: 'PUT',
  path: '/api/notifications.php',
  body: notificationUpdateSchema,
  response: notificationSettingsSchema,
});

export const enableMailRoute = contract({
  method: 'POST',
  path: '/api/notifications-enable.php',
  body: z.object({ reason: z.enum(MAIL_DISABLED_REASONS).optional() }),
  response: notificationSettingsSchema,
});

export const reportRoute = contract({
  method: 'POST',
  path: '/api/report.php',
  body: reportBodySchema,
  response: reportResponseSchema,
});

export const complaintRoute = contract({
  method: 'POST',
  path: '/api/complaint.php',
  body: complaintBodySchema,
  response: reportResponseSchema,
});
