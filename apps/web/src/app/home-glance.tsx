import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { Card } from '../components/ui/card';
import { BucketProgressGlance } from '../features/bucket-lists/bucket-progress-glance';
import { TopTripsGlance } from '../features/travel/top-trips-glance';
import { useFinancialStatus } from '../lib/use-financial-status';
import { useFormat } from '../lib/use-format';

/**
 * What a returning person wants at a glance on the signed-in home (issue 13 part 10): their
 * budget, the best trips that fit it now, and their bucket-list progress. Loaded after the
 * landing so the entry chunk stays small.
 */
export function HomeGlance() {
  const { t } = useTranslation();
  const format = useFormat();
  const financial = useFinancialStatus();
  return (
    <section aria-labelledby="home-glance" className="mt-10">
      <h2 id="home-glance" className="text-xl font-semibold tracking-tight">
        {t('home.glance.title')}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Panel
          title={t('home.glance.budget')}
          to="/financial/budget"
          more={t('home.glance.budgetMore')}
        >
          {financial.maxTripBudget !== null ? (
            <p className="text-2xl font-bold tracking-tight text-ink">
              {format.money(financial.maxTripBudget, undefined, 'never')}
            </p>
          ) : (
            <p className="text-sm text-ink-muted">
              {t('home.glance.connect')}{' '}
              <Link
                to="/financial/connect"
                className="font-medium text-violet-700 underline dark:text-violet-300"
              >
                {t('home.glance.connectLink')}
              </Link>
            </p>
          )}
        </Panel>
        <Panel
          title={t('home.glance.trips')}
          to="/travel/suggestions"
          more={t('home.glance.tripsMore')}
        >
          <TopTripsGlance />
        </Panel>
        <Panel
          title={t('home.glance.bucket')}
          to="/travel/bucket-list"
          more={t('home.glance.bucketMore')}
        >
          <BucketProgressGlance />
        </Panel>
      </div>
    </section>
  );
}

function Panel({
  title,
  to,
  more,
  children,
}: {
  title: string;
  to: string;
  more: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-label={title} className="flex flex-col gap-3 p-5">
      <h3 className="text-sm font-semibold text-ink-muted">{title}</h3>
      <div className="flex-1">{children}</div>
      <Link
        to={to}
        className="inline-flex items-center gap-1 text-sm font-medium text-violet-700 hover:underline dark:text-violet-300"
      >
        {more}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </Card>
  );
}
