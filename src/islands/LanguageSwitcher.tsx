import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '@datekit/runtime/data/locales';
import { setLanguage } from '@datekit/runtime/stores/language';
import { Disclosure } from './Disclosure.tsx';
import { ChevronIcon, GlobeIcon } from './icons.tsx';
import { UiProvider } from './ui.tsx';

interface Props {
  lang: Locale;
  /** The brand's visible languages. */
  languages: readonly Locale[];
}

/**
 * The language dropdown: the choice goes into the cookie and onto the member's account, then the page
 * reloads, because the server picks the prerendered language directory from that cookie (no URL prefix).
 */
export default function LanguageSwitcher({ lang, languages }: Props) {
  return (
    <UiProvider lang={lang}>
      <LanguageSwitcherContent lang={lang} languages={languages} />
    </UiProvider>
  );
}

function LanguageSwitcherContent({ lang, languages }: Props) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Locale | null>(null);

  async function choose(language: Locale) {
    if (language === lang) return;
    setPending(language);
    await setLanguage(language);
    window.location.reload();
  }

  return (
    <Disclosure
      testId="language-switcher"
      buttonClassName="language-toggle"
      panelClassName="dropdown-panel dropdown-end"
      // The name starts with what the button shows (WCAG 2.5.3 label in name), then says what it is.
      ariaLabel={`${lang.toUpperCase()}, ${t('language.label', { language: LOCALE_NAMES[lang] })}`}
      label={
        <>
          <GlobeIcon />
          <span className="language-code">{lang.toUpperCase()}</span>
          <ChevronIcon />
        </>
      }
    >
      <ul className="dropdown-list">
        {languages.map((language) => (
          <li key={language}>
            <button
              type="button"
              className="dropdown-item"
              lang={language}
              aria-current={language === lang ? 'true' : undefined}
              aria-busy={pending === language}
              disabled={pending !== null}
              data-testid={`language-option-${language}`}
              onClick={() => void choose(language)}
            >
              {LOCALE_NAMES[language]}
            </button>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
