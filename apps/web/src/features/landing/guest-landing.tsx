import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BrainCircuit,
  CalendarClock,
  Globe2,
  Link2,
  PlayCircle,
  Plane,
  Search,
  ShieldCheck,
  Sparkles,
  Wallet,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';

// The demo dialog (and the dialog library under it) loads only when someone opens it, so the
// landing's first load carries none of it.
const DemoModal = lazy(() =>
  import('./demo-modal').then((module) => ({ default: module.DemoModal })),
);

const claims = ['destinations', 'providers', 'monitoring', 'autoBooking'] as const;

const features: {
  key: 'ai' | 'security' | 'booking' | 'budgeting' | 'global' | 'alwaysOn';
  icon: LucideIcon;
}[] = [
  { key: 'ai', icon: BrainCircuit },
  { key: 'security', icon: ShieldCheck },
  { key: 'booking', icon: Zap },
  { key: 'budgeting', icon: Wallet },
  { key: 'global', icon: Globe2 },
  { key: 'alwaysOn', icon: CalendarClock },
];

const steps: { key: 'connect' | 'discover' | 'book'; icon: LucideIcon }[] = [
  { key: 'connect', icon: Link2 },
  { key: 'discover', icon: Search },
  { key: 'book', icon: Plane },
];

/** The signed-out home (part 1 §2): hero, claims, features, how it works, closing call. */
export function GuestLanding() {
  const { t } = useTranslation();
  const { openSignIn } = useSignInDialog();
  const [demoOpen, setDemoOpen] = useState(false);
  // Set on the first Watch Demo; the dialog then stays mounted and opens and closes as usual.
  const [demoWanted, setDemoWanted] = useState(false);

  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_20%_0%,rgba(14,165,233,0.16),transparent),radial-gradient(50%_50%_at_85%_10%,rgba(124,58,237,0.18),transparent)]"
        />
        <div className="relative mx-auto max-w-5xl px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
          <Badge className="mb-6">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {t('landing.badge')}
          </Badge>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-6xl">
            {t('landing.title')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-ink-muted">
            {t('landing.subtitle')}
          </p>
          <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Button size="lg" onClick={() => openSignIn('register')}>
              {t('landing.joinEarlyAccess')}
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => {
                setDemoWanted(true);
                setDemoOpen(true);
              }}
            >
              <PlayCircle aria-hidden="true" className="size-5" />
              {t('landing.watchDemo')}
            </Button>
          </div>

          <dl
            aria-label={t('landing.claimsLabel')}
            className="mx-auto mt-16 grid max-w-4xl grid-cols-2 gap-3 sm:grid-cols-4"
          >
            {claims.map((claim) => (
              <Card key={claim} className="flex flex-col-reverse px-4 py-5">
                <dt className="mt-1 text-sm text-ink-muted">
                  {t(`landing.claims.${claim}.label`)}
                </dt>
                <dd className="bg-linear-to-r from-sky-700 to-violet-700 bg-clip-text text-3xl font-bold text-transparent dark:from-sky-300 dark:to-violet-300">
                  {t(`landing.claims.${claim}.value`)}
                </dd>
              </Card>
            ))}
          </dl>
        </div>
      </section>

      <section
        aria-labelledby="features-title"
        className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.featuresTitle')}
          </h2>
          <p className="mt-3 text-ink-muted">{t('landing.featuresSubtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full p-6 transition-colors hover:border-violet-400/40">
                <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-linear-to-br from-sky-500/15 to-violet-600/20 text-violet-700 dark:text-violet-300">
                  <Icon aria-hidden="true" className="size-5" />
                </div>
                <h3 className="text-lg font-semibold">{t(`landing.features.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-ink-muted">
                  {t(`landing.features.${key}.text`)}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title" className="border-y border-line bg-surface/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.howTitle')}
          </h2>
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {steps.map(({ key, icon: Icon }, index) => (
              <li key={key} className="relative flex flex-col items-center text-center">
                <div className="flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-sky-700 to-violet-600 text-white shadow-lg shadow-violet-900/20">
                  <Icon aria-hidden="true" className="size-6" />
                </div>
                <p className="mt-4 text-xs font-semibold tracking-widest text-ink-muted uppercase">
                  {t('landing.stepLabel', { number: index + 1 })}
                </p>
                <h3 className="mt-1 text-xl font-semibold">{t(`landing.steps.${key}.title`)}</h3>
                <p className="mt-2 max-w-xs text-sm leading-relaxed text-ink-muted">
                  {t(`landing.steps.${key}.text`)}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        aria-labelledby="cta-title"
        className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-24"
      >
        <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-sky-700 to-violet-700 px-6 py-14 text-center text-white shadow-xl shadow-violet-900/20 sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.ctaTitle')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-white/90">{t('landing.ctaText')}</p>
          <Button
            size="lg"
            variant="secondary"
            className="mt-8 bg-white text-violet-800 hover:bg-violet-50 focus-visible:ring-white focus-visible:ring-offset-violet-700"
            onClick={() => openSignIn('register')}
          >
            {t('landing.ctaButton')}
          </Button>
        </div>
      </section>

      {demoWanted ? (
        <Suspense fallback={null}>
          <DemoModal open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
