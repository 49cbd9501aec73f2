import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowRight,
  Compass,
  ListChecks,
  MessageCircle,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { User } from '@vowa/shared/auth/auth-schemas';
import { userFirstName } from '@vowa/shared/auth/user-display';
import { cn } from '../../lib/cn';
import { focusRing } from '../../components/ui/button-variants';

const actions: {
  key: 'chat' | 'suggestions' | 'bucket' | 'group';
  to: string;
  icon: LucideIcon;
}[] = [
  { key: 'chat', to: '/chat', icon: MessageCircle },
  { key: 'suggestions', to: '/travel/suggestions', icon: Compass },
  { key: 'bucket', to: '/travel/bucket-list', icon: ListChecks },
  { key: 'group', to: '/chat?group=true', icon: Users },
];

/** The signed-in home (part 1 §2): a greeting, four quick actions, then `glance`. */
export function SignedInLanding({ user, glance }: { user: User; glance?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {t('home.welcome', { name: userFirstName(user) })}
      </h1>
      <p className="mt-2 text-lg text-ink-muted">{t('home.subtitle')}</p>
      <section aria-label={t('home.actionsLabel')} className="mt-10">
        <ul className="grid gap-4 sm:grid-cols-2">
          {actions.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className={cn(
                  'group flex h-full items-center gap-4 rounded-xl border border-line bg-surface p-5 shadow-sm shadow-slate-900/5 transition-colors hover:border-violet-400/50 dark:shadow-none',
                  focusRing,
                )}
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-sky-700 to-violet-600 text-white">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">
                    {t(`home.actions.${key}.title`)}
                  </span>
                  <span className="block text-sm text-ink-muted">
                    {t(`home.actions.${key}.text`)}
                  </span>
                </span>
                <ArrowRight
                  aria-hidden="true"
                  className="size-5 text-ink-muted transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {glance}
    </div>
  );
}
