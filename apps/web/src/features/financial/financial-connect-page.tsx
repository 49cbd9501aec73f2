import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Landmark, PencilLine } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-context';
import { ConnectedOverview, SecurityBadges } from './connected-overview';
import { createLinkToken, useExchangePublicToken } from './finance-api';
import { ManualFinancialsForm } from './manual-financials-form';
import { loadPlaidLink, type PlaidHandler } from './plaid-link';
import { SandboxLinkDialog } from './sandbox-link-dialog';
import { useBudgetSettings, useFinancials } from '../../lib/use-financial-status';

/**
 * Part 2 §4: select, then manual entry or the bank link (select → connect → verify → complete).
 * Any error returns to select.
 */
type Phase =
  | { name: 'select' }
  | { name: 'manual' }
  | { name: 'opening' }
  | { name: 'sandbox'; linkToken: string }
  | { name: 'plaid' }
  | { name: 'processing' }
  | { name: 'complete'; notice: string };

const STEPS = ['select', 'connect', 'verify', 'complete'] as const;
type Step = (typeof STEPS)[number];

function stepOf(phase: Phase): Step {
  switch (phase.name) {
    case 'select':
    case 'manual':
      return 'select';
    case 'opening':
    case 'sandbox':
    case 'plaid':
      return 'connect';
    case 'processing':
      return 'verify';
    case 'complete':
      return 'complete';
  }
}

function Stepper({ current }: { current: Step }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <ol aria-label={t('finance.connect.stepsLabel')} className="flex items-center gap-2 text-sm">
      {STEPS.map((step, i) => {
        const done = i < index;
        const active = i === index;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className="flex flex-1 items-center gap-2"
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                done || active
                  ? 'border-transparent bg-linear-to-r from-sky-700 to-violet-600 text-white'
                  : 'border-line text-ink-muted',
              )}
            >
              {done ? <Check className="size-4" /> : i + 1}
            </span>
            <span className={cn('truncate', active ? 'font-semibold text-ink' : 'text-ink-muted')}>
              {t(`finance.connect.steps.${step}`)}
              {done ? (
                <span className="sr-only"> ({t('finance.connect.stepState.done')})</span>
              ) : null}
            </span>
            {i < STEPS.length - 1 ? (
              <span aria-hidden="true" className="hidden h-px flex-1 bg-line sm:block" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The full-screen overlay while the link opens or the data is processed. */
function BusyOverlay({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/70 p-6 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-8 py-6 text-center text-ink shadow-2xl">
        <Spinner className="size-8 text-violet-500" />
        <p className="text-base font-semibold">{text}</p>
      </div>
    </div>
  );
}

/** What the server said about the failure, in the person's language (part 2: else our sentence). */
const detailOf = (error: unknown) => (error instanceof ApiError ? error.serverText : undefined);

export function FinancialConnectPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const financials = useFinancials();
  const settings = useBudgetSettings();
  const exchange = useExchangePublicToken();
  const [phase, setPhase] = useState<Phase>({ name: 'select' });
  const [error, setError] = useState<string | null>(null);
  const plaidHandler = useRef<PlaidHandler | null>(null);

  useEffect(() => () => plaidHandler.current?.destroy?.(), []);

  const fail = useCallback((message: string) => {
    setError(message);
    setPhase({ name: 'select' });
  }, []);
  const cancelled = useCallback(() => fail(t('finance.errors.cancelled')), [fail, t]);

  const finish = useCallback(
    async (publicToken: string) => {
      setPhase({ name: 'processing' });
      try {
        await exchange.mutateAsync(publicToken);
        setPhase({ name: 'complete', notice: t('finance.connect.connectedBank') });
      } catch (caught) {
        fail(detailOf(caught) ?? t('finance.errors.exchange'));
      }
    },
    [exchange, fail, t],
  );

  const startBankLink = async () => {
    setError(null);
    setPhase({ name: 'opening' });
    let linkToken;
    try {
      linkToken = await createLinkToken(user?.id ?? '');
    } catch (caught) {
      fail(detailOf(caught) ?? t('finance.errors.linkToken'));
      return;
    }
    if (linkToken.provider === 'sandbox') {
      setPhase({ name: 'sandbox', linkToken: linkToken.link_token });
      return;
    }
    setPhase({ name: 'plaid' });
    try {
      const plaid = await loadPlaidLink();
      plaidHandler.current?.destroy?.();
      plaidHandler.current = plaid.create({
        token: linkToken.link_token,
        onSuccess: (publicToken) => void finish(publicToken),
        onExit: () => cancelled(),
      });
      plaidHandler.current.open();
    } catch {
      cancelled();
    }
  };

  if (financials.isPending) return <PageSkeleton label={t('finance.connect.loading')} />;

  const connected = financials.data?.connected === true && phase.name !== 'processing';

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('finance.connect.title')}</h1>
        <p className="text-ink-muted">{t('finance.connect.subtitle')}</p>
      </header>

      {financials.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="outline" onClick={() => void financials.refetch()}>
              {t('finance.connect.retry')}
            </Button>
          }
        >
          {t('finance.connect.loadFailed')}
        </Banner>
      ) : connected && financials.data ? (
        <ConnectedOverview
          financials={financials.data}
          settings={settings.data}
          notice={phase.name === 'complete' ? phase.notice : null}
          onDisconnected={() => {
            setError(null);
            setPhase({ name: 'select' });
          }}
        />
      ) : (
        <>
          <Stepper current={stepOf(phase)} />
          {error ? <Banner tone="error">{error}</Banner> : null}
          {phase.name === 'manual' ? (
            <ManualFinancialsForm
              onBack={() => setPhase({ name: 'select' })}
              onSaved={() =>
                setPhase({ name: 'complete', notice: t('finance.connect.connectedManual') })
              }
            />
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              <Card className="flex flex-col gap-4 p-6">
                <span className="flex size-12 items-center justify-center rounded-xl bg-linear-to-br from-sky-600 to-violet-600 text-white">
                  <Landmark aria-hidden="true" className="size-6" />
                </span>
                <h2 className="text-lg font-semibold">{t('finance.connect.bankTitle')}</h2>
                <p className="flex-1 text-sm text-ink-muted">{t('finance.connect.bankText')}</p>
                <Button size="lg" onClick={() => void startBankLink()}>
                  {t('finance.connect.connectPlaid')}
                </Button>
              </Card>
              <Card className="flex flex-col gap-4 p-6">
                <span className="flex size-12 items-center justify-center rounded-xl bg-raised text-ink">
                  <PencilLine aria-hidden="true" className="size-6" />
                </span>
                <h2 className="text-lg font-semibold">{t('finance.connect.manualTitle')}</h2>
                <p className="flex-1 text-sm text-ink-muted">{t('finance.connect.manualText')}</p>
                <Button
                  size="lg"
                  variant="outline"
                  onClick={() => {
                    setError(null);
                    setPhase({ name: 'manual' });
                  }}
                >
                  {t('finance.connect.enterManually')}
                </Button>
              </Card>
            </div>
          )}
          <SecurityBadges />
        </>
      )}

      {phase.name === 'sandbox' ? (
        <SandboxLinkDialog
          linkToken={phase.linkToken}
          onSuccess={(publicToken) => void finish(publicToken)}
          onExit={cancelled}
        />
      ) : null}
      {phase.name === 'opening' ? <BusyOverlay text={t('finance.connect.openingBank')} /> : null}
      {phase.name === 'processing' ? <BusyOverlay text={t('finance.connect.processing')} /> : null}
    </div>
  );
}
