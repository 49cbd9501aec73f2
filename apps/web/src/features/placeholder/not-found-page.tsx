import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPinOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <EmptyState
        icon={MapPinOff}
        title={t('notFound.title')}
        titleAs="h1"
        action={
          <Button asChild>
            <Link to="/">{t('notFound.backHome')}</Link>
          </Button>
        }
      >
        <p>{t('notFound.text')}</p>
      </EmptyState>
    </div>
  );
}
