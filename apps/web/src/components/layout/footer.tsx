import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line">
      <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-4 px-4 py-8 text-sm text-ink-muted sm:flex-row sm:items-center sm:px-6">
        <div className="flex items-center gap-2.5">
          <LogoMark className="size-7" />
          <span>
            <span className="font-semibold text-ink">{t('app.name')}</span> · {t('footer.tagline')}
          </span>
        </div>
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
