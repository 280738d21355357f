/**
 * What `datekit new-lander <name>` writes: a working lander page (hero with the niche's art, copy and
 * call to action, in the lander layout) for the marketer to design further, and its English copy.
 */

/** Copy keys of a new lander and their English starting text; other languages translate them. */
export function landerCopy(name: string): Record<string, string> {
  return {
    [`page.lander.${name}.title`]: 'Meet someone new today',
    [`page.lander.${name}.text`]:
      'Join {{site}} for free, create your profile in a minute and start chatting with members near you.',
  };
}

/** `src/pages/[domain]/[lang]/landers/<name>/[slug].astro`. */
export function landerPage(name: string): string {
  const up = '../../../../..';
  return `---
/**
 * Route \`landers-${name}-slug\` (/landers/${name}/{slug?}), scaffolded by \`datekit new-lander ${name}\`:
 * prerendered without a slug (the brand's niche) and once per niche slug, for every brand whose
 * \`landers\` list names it. Design the page here; its copy is \`page.lander.${name}.*\` in
 * \`locales/<lang>/landers.json\`, the niche's own copy comes from \`nicheCopy\`.
 */
import NicheArt from '${up}/components/niche-art/NicheArt.astro';
import { nicheCopy } from '${up}/components/landers/copy.ts';
import { accentStyle } from '${up}/components/landers/lander-style.ts';
import LanderPoints from '${up}/components/landers/LanderPoints.astro';
import { landerPaths, type LanderPageProps } from '${up}/components/landers/paths.ts';
import SignupCta from '${up}/components/landers/SignupCta.astro';
import { translator } from '${up}/i18n/index.ts';
import LanderLayout from '${up}/layouts/LanderLayout.astro';

export function getStaticPaths() {
  return landerPaths('${name}');
}

type Props = LanderPageProps;

const { brand, lang, niche, accent } = Astro.props;
const t = translator(lang);
const copy = nicheCopy(t, niche, brand.name);
const title = t('page.lander.${name}.title');
const text = t('page.lander.${name}.text', { site: brand.name });
---

<LanderLayout brand={brand} lang={lang} route="landers-${name}-slug" title={title} description={text}>
  <section class="lander" style={accentStyle(accent)} aria-labelledby="lander-title">
    <div class="lander-copy">
      <p class="lander-tagline">{copy.tagline}</p>
      <h1 id="lander-title">{title}</h1>
      <p class="lander-text">{text}</p>
      <SignupCta class="btn btn-primary btn-lg" testId="lander-cta">{copy.cta}</SignupCta>
      <LanderPoints lang={lang} />
    </div>
    <NicheArt niche={niche} class="lander-art" />
  </section>
</LanderLayout>

<style>
  .lander {
    display: grid;
    gap: 2rem;
    align-items: center;
    max-width: 1100px;
    margin: 0 auto;
    padding: 2.5rem 1rem 3rem;
  }
  .lander-tagline {
    margin: 0 0 0.6rem;
    font-weight: 800;
    color: var(--dk-primary-text);
  }
  h1 {
    margin: 0 0 0.8rem;
    font-size: clamp(2rem, 6vw, 3.2rem);
    line-height: 1.08;
    color: var(--dk-dark);
  }
  .lander-text {
    margin: 0 0 1.5rem;
    max-width: 34rem;
    font-size: 1.1rem;
    color: var(--dk-text-muted);
  }
  .lander :global(.lander-art) {
    justify-self: center;
  }
  @media (min-width: 992px) {
    .lander {
      grid-template-columns: 1.2fr 1fr;
      padding: 4rem 1.5rem 5rem;
    }
  }
</style>
`;
}
