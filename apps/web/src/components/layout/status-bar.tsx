import { Landmark, ShieldCheck, UserRound, UserRoundCheck, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session-context';
import { useFinancialStatus } from '../../lib/use-financial-status';
import { useFormat } from '../../lib/use-format';
import { cn } from '../../lib/cn';

function Item({
  icon,
  children,
  className,
}: {
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <li className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)}>
      {icon}
      {children}
    </li>
  );
}

/** Session, bank and auto-booking state at a glance (part 1 §2: status bar). */
export function StatusBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const { status } = useSession();
  const financial = useFinancialStatus();
  const signedIn = status === 'signed-in';
  const icon = 'size-3.5';

  return (
    <section aria-label={t('status.label')} className="border-b border-line bg-surface/60">
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-5 gap-y-1 px-4 py-2 text-xs text-ink-muted sm:px-6">
        <Item
          icon={
            signedIn ? (
              <UserRoundCheck
                aria-hidden="true"
                className={cn(icon, 'text-emerald-600 dark:text-emerald-400')}
              />
            ) : (
              <UserRound aria-hidden="true" className={icon} />
            )
          }
        >
          {signedIn ? t('status.signedIn') : t('status.guest')}
        </Item>
        <Item icon={<Landmark aria-hidden="true" className={icon} />}>
          {financial.source === 'manual'
            ? t('status.financesEntered')
            : financial.bankConnected
              ? t('status.bankConnected')
              : t('status.bankNotConnected')}
        </Item>
        {financial.bankConnected && financial.maxTripBudget !== null ? (
          <Item icon={null}>
            {t('status.maxTripBudget', {
              amount: format.money(financial.maxTripBudget, undefined, 'never'),
            })}
          </Item>
        ) : null}
        {signedIn && financial.autoBookingEnabled ? (
          <Item
            icon={<Zap aria-hidden="true" className={icon} />}
            className="font-semibold text-violet-700 dark:text-violet-300"
          >
            {t('status.autoBooking')}
          </Item>
        ) : null}
        {/* Not on phones, where the bar would take a second line before any content. */}
        <Item
          icon={<ShieldCheck aria-hidden="true" className={icon} />}
          className="hidden sm:ml-auto sm:inline-flex"
        >
          {t('status.security')}
        </Item>
      </ul>
    </section>
  );
}
