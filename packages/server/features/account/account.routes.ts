import { notificationRoutes } from '../notifications/notifications.routes.ts';
import { deletionRoutes } from './deletion.routes.ts';
import { exportRoutes } from './export.routes.ts';
import { accountSettingsRoutes } from './settings.routes.ts';

/** The member's own account: settings, notifications, deletion and reactivation, data export. */
export const accountRoutes = [...accountSettingsRoutes, ...notificationRoutes, ...deletionRoutes, ...exportRoutes];
