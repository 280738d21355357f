import { ApiError } from '../../errors/api-error.ts';
import { checkPublicEndpoint, type PushEndpointPolicy } from '../../push/push-endpoint.ts';

/** What a postback URL template may use: the member's stored tracking values and the conversion's. */
export const POSTBACK_PLACEHOLDERS = [
  'network',
  'ref',
  'sub1',
  'sub2',
  'sub3',
  'event',
  'amount',
  'currency',
  'order_id',
  'conversion_id',
] as const;

export type PostbackPlaceholder = (typeof POSTBACK_PLACEHOLDERS)[number];
export type PostbackValues = Record<PostbackPlaceholder, string>;

const PLACEHOLDER = /\{([^{}]*)\}/g;
export const POSTBACK_URL_MAX = 2000;

/** Each `{name}` replaced by its value, URL-encoded (an empty string for a value the member has not). */
export function renderPostbackUrl(template: string, values: PostbackValues): string {
  return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(values[name as PostbackPlaceholder]));
}

/** Values to try a template with: what a real conversion looks like, so the rendered URL parses as one would. */
const SAMPLE: PostbackValues = {
  network: 'net',
  ref: 'ref',
  sub1: 's1',
  sub2: 's2',
  sub3: 's3',
  event: 'soi',
  amount: '19.95',
  currency: 'EUR',
  order_id: '1',
  conversion_id: 'c0nv3rs10n',
};

/**
 * Refuses a template that is not a public https address, uses an unknown placeholder, or puts one
 * before the path (a value from a visitor's link must never choose the host we call). The endpoint is
 * checked like a push endpoint (push/push-endpoint.ts): a named host whose every address is public,
 * resolved now, unless its origin is on POSTBACK_ENDPOINT_ALLOWLIST; it is checked again at each send.
 */
export async function assertValidTemplate(template: string, policy: PushEndpointPolicy): Promise<void> {
  if (!template || template.length > POSTBACK_URL_MAX) throw new ApiError('postback_url_invalid');
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!(POSTBACK_PLACEHOLDERS as readonly string[]).includes(name!))
      throw new ApiError('postback_placeholder_unknown', { placeholder: `{${name}}` });
  }
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) throw new ApiError('postback_url_invalid');
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0];
  if (!origin || origin.includes('{')) throw new ApiError('postback_url_invalid');
  const rendered = renderPostbackUrl(template, SAMPLE);
  const verdict = await checkPublicEndpoint(rendered, policy);
  if (verdict.ok) return;
  const url = URL.parse(rendered);
  if (!url || url.protocol !== 'https:' || url.username || url.password) throw new ApiError('postback_url_invalid');
  throw new ApiError('postback_host_not_public', { host: url.hostname });
}
