import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

export type PlaceholderScreen = 'chat';

/** Stands in for a signed-in screen whose own issue has not landed yet. */
export function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <EmptyState
        icon={Construction}
        title={t(`placeholder.titles.${screen}`)}
        titleAs="h1"
        action={
          <Button asChild variant="outline">
            <Link to="/">{t('placeholder.backHome')}</Link>
          </Button>
        }
      >
        <p>{t('placeholder.notAvailable')}</p>
      </EmptyState>
    </div>
  );
}
