/**
 * @datekit/runtime: what the browser and the server share. Browser-safe (no Node imports).
 * Islands import the modules they need directly (`stores/user.ts`, ...) to keep their bundles small;
 * this index is the package's public surface for everything else.
 */
export * from './api/client.ts';
export * from './data/countries.ts';
export * from './data/locales.ts';
export * from './data/niches.ts';
export * from './errors.ts';
export * from './i18n/index.ts';
export * from './routes.ts';
export * from './rules/badges.ts';
export * from './rules/colour.ts';
export * from './rules/constants.ts';
export * from './rules/email-suggestion.ts';
export * from './rules/language-cookie.ts';
export * from './rules/nav.ts';
export * from './rules/redirect.ts';
export * from './rules/refresh.ts';
export * from './rules/retry.ts';
export * from './rules/route-shells.ts';
export * from './rules/signup.ts';
export * from './rules/signup-form.ts';
export * from './rules/tracking.ts';
export * from './schemas/api/settings.ts';
export * from './schemas/api/signup.ts';
export * from './schemas/api/user.ts';
export * from './stores/api.ts';
export * from './stores/chat-counters.ts';
export * from './stores/language.ts';
export * from './stores/nav.ts';
export * from './stores/new-members.ts';
export * from './stores/settings.ts';
export * from './stores/tracking.ts';
export * from './stores/user.ts';
