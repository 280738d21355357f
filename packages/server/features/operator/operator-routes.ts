import { operatorAuditRoutes } from './audit.routes.ts';
import { operatorAuthRoutes } from './auth.routes.ts';
import { operatorCodeRoutes } from './codes.routes.ts';
import { operatorMemberRoutes } from './members.routes.ts';
import { operatorPaymentRoutes } from './payments.routes.ts';
import { operatorPhotoRoutes } from './photos.routes.ts';
import { operatorPostbackRoutes } from './postbacks.routes.ts';
import { operatorReportRoutes } from './reports.routes.ts';
import { operatorDashboardRoutes } from './dashboard.routes.ts';
import { operatorSummaryRoutes } from './summary.routes.ts';
import { operatorCampaignRoutes } from './campaigns.routes.ts';
import type { AnyOperatorRoute } from '../../http/define-route.ts';

/** Every route of the operator API (/api/operator/), served on the operator host only. Add new ones here. */
export const OPERATOR_ROUTES: readonly AnyOperatorRoute[] = [
  ...operatorAuthRoutes,
  ...operatorAuditRoutes,
  ...operatorPhotoRoutes,
  ...operatorMemberRoutes,
  ...operatorPaymentRoutes,
  ...operatorCodeRoutes,
  ...operatorReportRoutes,
  ...operatorDashboardRoutes,
  ...operatorSummaryRoutes,
  ...operatorPostbackRoutes,
  ...operatorCampaignRoutes,
];
