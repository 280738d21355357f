/**
 * @datekit/runtime: what the browser and the server share. Browser-safe (no Node imports).
 * This index is the package's public surface and the only entry its package.json exports: the server,
 * the CLI, tests and benches import from `@datekit/runtime`. The site's islands, built together with
 * the runtime, import the modules they need by path to keep their bundles small.
 */
export * from './api/client.ts';
export * from './data/countries.ts';
export * from './data/gifts.ts';
export * from './data/interests.ts';
export * from './data/live-events.ts';
export * from './data/notifications.ts';
export * from './data/landers.ts';
export * from './data/locales.ts';
export * from './data/nearest-place.ts';
export * from './data/niches.ts';
export * from './data/places.ts';
export * from './data/profile-choices.ts';
export * from './data/regions.ts';
export * from './data/reports.ts';
export * from './errors.ts';
export * from './i18n/index.ts';
export * from './routes.ts';
export * from './rules/badges.ts';
export * from './rules/colour.ts';
export * from './rules/constants.ts';
export * from './rules/daily.ts';
export * from './rules/email-suggestion.ts';
export * from './rules/lander-links.ts';
export * from './rules/language-cookie.ts';
export * from './rules/nav.ts';
export * from './rules/payments.ts';
export * from './rules/profile-completeness.ts';
export * from './rules/redirect.ts';
export * from './rules/refresh.ts';
export * from './rules/retry.ts';
export * from './rules/route-shells.ts';
export * from './rules/search.ts';
export * from './rules/signup-form.ts';
export * from './rules/signup.ts';
export * from './rules/tracking.ts';
export * from './schemas/api/account.ts';
export * from './schemas/api/catalog.ts';
export * from './schemas/api/chat.ts';
export * from './schemas/api/events.ts';
export * from './schemas/api/geocode.ts';
export * from './schemas/api/likes.ts';
export * from './schemas/api/members.ts';
export * from './schemas/api/notifications.ts';
export * from './schemas/api/ok.ts';
export * from './schemas/api/payments.ts';
export * from './schemas/api/direct-debit.ts';
export * from './schemas/api/photos.ts';
export * from './schemas/api/profile.ts';
export * from './schemas/api/reports.ts';
export * from './schemas/api/settings.ts';
export * from './schemas/api/signup.ts';
export * from './schemas/api/swipe.ts';
export * from './schemas/api/user.ts';
export * from './schemas/brand/index.ts';
export * from './stores/api.ts';
export * from './stores/chat-counters.ts';
export * from './stores/language.ts';
export * from './stores/nav.ts';
export * from './stores/new-members.ts';
export * from './stores/settings.ts';
export * from './stores/tracking.ts';
export * from './stores/user.ts';
