import { accessSchema } from './access.ts';
import { audienceSchema } from './audience.ts';
import { creditsSchema } from './credits.ts';
import { fictionalSchema } from './fictional.ts';
import { identitySchema } from './identity.ts';
import { landersSchema } from './landers.ts';
import { profilesSchema } from './profiles.ts';
import { supportSchema } from './support.ts';

/** One concern of the brand file, as the generated reference groups its fields. */
export interface BrandSection {
  title: string;
  summary: string;
  /** Top-level keys of the brand file that belong to this concern, in reference order. */
  fields: readonly string[];
}

/**
 * The brand file's top-level keys grouped by concern, one group per schema file. The reference
 * generator reads this; a test makes sure every key of the schema is in exactly one group.
 */
export const BRAND_SECTIONS: readonly BrandSection[] = [
  {
    title: 'Identity',
    summary: 'Who the site is: the names and texts that identify it to visitors and search engines.',
    fields: Object.keys(identitySchema.shape),
  },
  {
    title: 'Audience',
    summary: 'Whom the site is for: countries, languages and niche.',
    fields: Object.keys(audienceSchema.shape),
  },
  {
    title: 'Access',
    summary: 'Who may sign up and search, and when the adults-only entry warning shows.',
    fields: Object.keys(accessSchema.shape),
  },
  { title: 'Support', summary: 'How members reach customer service.', fields: Object.keys(supportSchema.shape) },
  {
    title: 'Fictional profiles',
    summary: 'How profiles that are not real people are marked, so that visitors can always tell.',
    fields: Object.keys(fictionalSchema.shape),
  },
  {
    title: 'Credits and payments',
    summary: 'What things cost, what members get, the bundles on sale and how members pay.',
    fields: Object.keys(creditsSchema.shape),
  },
  {
    title: 'Profiles and search',
    summary: 'What a member profile shows and what the member search offers.',
    fields: Object.keys(profilesSchema.shape),
  },
  { title: 'Landers', summary: 'Landing-page variants under `/landers/`.', fields: Object.keys(landersSchema.shape) },
  {
    title: 'Company',
    summary: 'The company that operates the site, as the footer and the legal pages name it.',
    fields: ['company'],
  },
  { title: 'Theme', summary: 'Colours of the site; every colour has a default.', fields: ['theme'] },
];
