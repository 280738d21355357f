import { defineRoute } from '../../http/define-route.ts';
import { buildOpenApi, OPERATOR_API_INFO, withServer } from '../../http/openapi.ts';
import { requestOrigin } from '../../http/origin.ts';
import { OPERATOR_ROUTES } from './operator-routes.ts';

/** Built once: the routes do not change while the server runs. */
const document = buildOpenApi(OPERATOR_ROUTES, OPERATOR_API_INFO);

/**
 * The operator API's OpenAPI document, for signed-in operators on the operator host: the console's
 * surface is no visitor's business, and the brands' `/api/openapi.json` names none of it. Not in
 * OPERATOR_ROUTES, as the brands' document does not list itself either.
 */
export const operatorOpenApi = defineRoute({
  method: 'GET',
  url: '/api/operator/openapi.json',
  summary: "The operator API's OpenAPI 3.1 document.",
  access: 'signed-in',
  handler: async ({ request }) => withServer(document, requestOrigin(request), 'The operator host'),
});
