import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '@datekit/runtime/data/locales';
import { setLanguage } from '@datekit/runtime/stores/language';
import { useHydrated } from './hooks.ts';
import { UiProvider } from './ui.tsx';

interface Props {
  lang: Locale;
  languages: readonly Locale[];
}

/**
 * The language screen (lang-config): the brand's languages as a list, chosen the same way as in the
 * navigation's dropdown (cookie, then the member's account), then the page reloads in that language.
 */
export default function LanguageList({ lang, languages }: Props) {
  return (
    <UiProvider lang={lang}>
      <LanguageListContent lang={lang} languages={languages} />
    </UiProvider>
  );
}

function LanguageListContent({ lang, languages }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [pending, setPending] = useState<Locale | null>(null);

  async function choose(language: Locale) {
    if (language === lang) return;
    setPending(language);
    await setLanguage(language);
    window.location.reload();
  }

  return (
    <ul className="language-list" data-testid="language-list">
      {languages.map((language) => (
        <li key={language}>
          <button
            type="button"
            className="language-choice"
            lang={language}
            aria-current={language === lang ? 'true' : undefined}
            aria-busy={pending === language}
            // Disabled until hydrated: a click before that would do nothing.
            disabled={!hydrated || pending !== null}
            data-testid={`language-choice-${language}`}
            onClick={() => void choose(language)}
          >
            <span className="language-choice-code" aria-hidden="true">
              {language.toUpperCase()}
            </span>
            <span className="language-choice-name">{LOCALE_NAMES[language]}</span>
            {language === lang && <span className="language-choice-current">{t('language.in_use')}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
