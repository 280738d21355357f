import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $operator } from '../../../packages/runtime/stores/operator/session.ts';
import { UiProvider } from '../ui.tsx';

/** The start page: who is signed in, with which role (the navigation loads the operator). */
export default function OperatorHome({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Home />
    </UiProvider>
  );
}

function Home() {
  const { t } = useTranslation();
  const operator = useStore($operator);
  if (!operator) return null;
  return (
    <div className="op-card">
      <p data-testid="op-home">
        {t('op.home.welcome', { email: operator.email, role: t(`op.role.${operator.role}`) })}
      </p>
      <p className="op-muted">{t('op.home.intro')}</p>
    </div>
  );
}
