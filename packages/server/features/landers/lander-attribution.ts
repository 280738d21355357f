import { LANDER_VARIANTS } from '@datekit/runtime/data/landers';
import { LANDER_COOKIE_NAME } from '@datekit/runtime/rules/constants';

/**
 * The lander a visitor came through (issue 27), remembered by the server: when it sends a lander page
 * it sets the first-party session cookie `dk_lander`, and the signup reads it. Nothing on the page
 * has to run, so the attribution holds with JavaScript off, in a signup modal on the lander, and
 * after a few clicks elsewhere on the site. The cookie ends with the browser session and holds only
 * the lander's names (`gallery.milf.3.b`), never anything about the visitor.
 */
export const LANDER_COOKIE = LANDER_COOKIE_NAME;

export interface LanderAttribution {
  /** A variant of `LANDER_VARIANTS`, or a member landing page (`member-landing`, `member-landing2`…). */
  variant: string;
  /** The niche slug of the page; '' for none. */
  niche: string;
  /** The experiment that chose this page, 0 for none. */
  experimentId: number;
  /** Its arm ('a', 'b'…); '' for none. */
  arm: string;
}

/** Member landing pages, named by their route (`members-id-landing2-slug` -> `member-landing2`). */
const MEMBER_LANDINGS = ['member-landing', 'member-landing2', 'member-landing3'] as const;

export const ATTRIBUTED_VARIANTS: readonly string[] = [...LANDER_VARIANTS, ...MEMBER_LANDINGS];

const NAME = /^[a-z0-9-]{1,40}$/;
const ARM = /^[a-z]{1,2}$/;

/** The lander a route of the manifest is, by its name and parameters; null for other pages. */
export function landerOfRoute(routeName: string, params: Record<string, string>): LanderAttribution | null {
  const niche = params.slug ?? '';
  const lander = /^landers-([a-z0-9-]+?)(?:-slug)?$/.exec(routeName);
  if (lander) return { variant: lander[1]!, niche, experimentId: 0, arm: '' };
  const member = /^members-id-(landing\d?)(?:-slug)?$/.exec(routeName);
  if (member) return { variant: `member-${member[1]}`, niche, experimentId: 0, arm: '' };
  return null;
}

export function encodeAttribution(lander: LanderAttribution): string {
  return [lander.variant, lander.niche, lander.experimentId || '', lander.arm].join('.');
}

/** The cookie's value back, or null when it is not one the server wrote (a forged or old value is ignored). */
export function decodeAttribution(value: string | undefined): LanderAttribution | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [variant, niche, experiment, arm] = parts as [string, string, string, string];
  if (!ATTRIBUTED_VARIANTS.includes(variant)) return null;
  if (niche && !NAME.test(niche)) return null;
  const experimentId = experiment ? Number(experiment) : 0;
  if (!Number.isSafeInteger(experimentId) || experimentId < 0) return null;
  if (arm ? !ARM.test(arm) || !experimentId : experimentId) return null;
  return { variant, niche, experimentId, arm };
}
