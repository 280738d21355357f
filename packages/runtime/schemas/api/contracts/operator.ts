import { contract } from '../../../api/contract.ts';
import { okResponseSchema } from '../ok.ts';
import { operatorAuditQuerySchema, operatorAuditResponseSchema } from '../operator/audit.ts';
import {
  operatorCodeRequestSchema,
  operatorEnrolRequestSchema,
  operatorEnrolResponseSchema,
  operatorLoginRequestSchema,
  operatorLoginResponseSchema,
  operatorMeResponseSchema,
} from '../operator/auth.ts';
import {
  dashboardActivityResponseSchema,
  dashboardQuerySchema,
  dashboardRevenueResponseSchema,
} from '../operator/dashboard.ts';
import {
  memberCreditsRequestSchema,
  memberCreditsResponseSchema,
  memberDeleteRequestSchema,
  memberNoteRequestSchema,
  operatorMemberResponseSchema,
  operatorMemberSearchResponseSchema,
  operatorMemberSearchSchema,
} from '../operator/members.ts';
import {
  codeCreateRequestSchema,
  codeDisableRequestSchema,
  operatorCodesQuerySchema,
  operatorCodesResponseSchema,
  operatorPaymentsQuerySchema,
  operatorPaymentsResponseSchema,
  paymentRefundRequestSchema,
  paymentRefundResponseSchema,
} from '../operator/payments.ts';
import {
  operatorPhotosQuerySchema,
  operatorPhotosResponseSchema,
  photoBulkDecisionRequestSchema,
  photoBulkDecisionResponseSchema,
  photoRejectRequestSchema,
} from '../operator/photos.ts';
import {
  memberBanRequestSchema,
  memberUnbanRequestSchema,
  operatorReportsQuerySchema,
  operatorReportsResponseSchema,
  reportDecisionRequestSchema,
  reportDecisionResponseSchema,
} from '../operator/reports.ts';
import { operatorSummaryResponseSchema } from '../operator/summary.ts';

// The operator console's API (the operator host only). `:id` is a row id (routeIdSchema on the server).

export const operatorLoginRoute = contract({
  method: 'POST',
  path: '/api/operator/login',
  body: operatorLoginRequestSchema,
  response: operatorLoginResponseSchema,
});

export const operatorEnrolRoute = contract({
  method: 'POST',
  path: '/api/operator/login/enrol',
  body: operatorEnrolRequestSchema,
  response: operatorEnrolResponseSchema,
});

export const operatorLoginCodeRoute = contract({
  method: 'POST',
  path: '/api/operator/login/code',
  body: operatorCodeRequestSchema,
  response: okResponseSchema,
});

export const operatorMeRoute = contract({
  method: 'GET',
  path: '/api/operator/me',
  response: operatorMeResponseSchema,
});

export const operatorLogoutRoute = contract({
  method: 'POST',
  path: '/api/operator/logout',
  response: okResponseSchema,
});

export const operatorSummaryRoute = contract({
  method: 'GET',
  path: '/api/operator/summary',
  response: operatorSummaryResponseSchema,
});

export const operatorAuditRoute = contract({
  method: 'GET',
  path: '/api/operator/audit',
  query: operatorAuditQuerySchema,
  response: operatorAuditResponseSchema,
});

export const dashboardActivityRoute = contract({
  method: 'GET',
  path: '/api/operator/dashboard/activity',
  query: dashboardQuerySchema,
  response: dashboardActivityResponseSchema,
});

export const dashboardRevenueRoute = contract({
  method: 'GET',
  path: '/api/operator/dashboard/revenue',
  query: dashboardQuerySchema,
  response: dashboardRevenueResponseSchema,
});

export const operatorMemberSearchRoute = contract({
  method: 'GET',
  path: '/api/operator/members',
  query: operatorMemberSearchSchema,
  response: operatorMemberSearchResponseSchema,
});

export const operatorMemberRoute = contract({
  method: 'GET',
  path: '/api/operator/members/:id',
  response: operatorMemberResponseSchema,
});

export const operatorMemberNoteRoute = contract({
  method: 'POST',
  path: '/api/operator/members/:id/notes',
  body: memberNoteRequestSchema,
  response: okResponseSchema,
});

export const operatorMemberCreditsRoute = contract({
  method: 'POST',
  path: '/api/operator/members/:id/credits',
  body: memberCreditsRequestSchema,
  response: memberCreditsResponseSchema,
});

export const operatorMemberActivationRoute = contract({
  method: 'POST',
  path: '/api/operator/members/:id/activation',
  response: okResponseSchema,
});

export const operatorMemberDeleteRoute = contract({
  method: 'POST',
  path: '/api/operator/members/:id/delete',
  body: memberDeleteRequestSchema,
  response: okResponseSchema,
});

export const operatorBanRoute = contract({
  method: 'POST',
  path: '/api/operator/members/:id/ban',
  body: memberBanRequestSchema,
  response: okResponseSchema,
});

export const operatorUnbanRoute = contract({
  method: 'POST',
  path: '/api/operator/members/:id/unban',
  body: memberUnbanRequestSchema,
  response: okResponseSchema,
});

export const operatorReportsRoute = contract({
  method: 'GET',
  path: '/api/operator/reports',
  query: operatorReportsQuerySchema,
  response: operatorReportsResponseSchema,
});

export const operatorDecideReportRoute = contract({
  method: 'POST',
  path: '/api/operator/reports/:id/decide',
  body: reportDecisionRequestSchema,
  response: reportDecisionResponseSchema,
});

export const operatorPhotosRoute = contract({
  method: 'GET',
  path: '/api/operator/photos',
  query: operatorPhotosQuerySchema,
  response: operatorPhotosResponseSchema,
});

export const operatorDecidePhotosRoute = contract({
  method: 'POST',
  path: '/api/operator/photos/decide',
  body: photoBulkDecisionRequestSchema,
  response: photoBulkDecisionResponseSchema,
});

export const operatorApprovePhotoRoute = contract({
  method: 'POST',
  path: '/api/operator/photos/:id/approve',
  response: okResponseSchema,
});

export const operatorRejectPhotoRoute = contract({
  method: 'POST',
  path: '/api/operator/photos/:id/reject',
  body: photoRejectRequestSchema,
  response: okResponseSchema,
});

export const operatorPaymentsRoute = contract({
  method: 'GET',
  path: '/api/operator/payments',
  query: operatorPaymentsQuerySchema,
  response: operatorPaymentsResponseSchema,
});

export const operatorRefundRoute = contract({
  method: 'POST',
  path: '/api/operator/payments/:id/refund',
  body: paymentRefundRequestSchema,
  response: paymentRefundResponseSchema,
});

export const operatorCodesRoute = contract({
  method: 'GET',
  path: '/api/operator/codes',
  query: operatorCodesQuerySchema,
  response: operatorCodesResponseSchema,
});

export const operatorCreateCodeRoute = contract({
  method: 'POST',
  path: '/api/operator/codes',
  body: codeCreateRequestSchema,
  response: okResponseSchema,
});

export const operatorDisableCodeRoute = contract({
  method: 'POST',
  path: '/api/operator/codes/disable',
  body: codeDisableRequestSchema,
  response: okResponseSchema,
});
