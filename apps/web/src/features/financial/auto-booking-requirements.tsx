import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, CreditCard, Mail } from 'lucide-react';
import type { AutoBookingStatus } from '@vowa/shared/watches/watch-schemas';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { errorMessage } from '../../lib/api-client';
import { knownBrand } from '../../lib/card-brand';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-context';
import {
  useAutoBookingStatus,
  useResendVerification,
  type AutoBookingRefusal,
} from './auto-booking-api';

/** Where saved cards are added: Settings' Payment methods card (below the tabs). */
export const PAYMENT_METHODS_PATH = '/settings#payment-methods-title';

/** A link to where a missing piece is fixed (Settings' cards, the Watches screen). */
export function FixLink({
  to,
  onClick,
  className,
  children,
}: {
  to: string;
  onClick?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className={cn(
        'font-semibold text-sky-700 underline underline-offset-4 dark:text-sky-300',
        focusRing,
        className,
      )}
    >
      {children}
    </Link>
  );
}

const okTone = 'text-emerald-700 dark:text-emerald-300';
const warnTone = 'text-amber-700 dark:text-amber-300';

/** "Visa ending in 4242": the network's name (the same in every language) and the last four. */
function useCardName() {
  const { t } = useTranslation();
  return (card: { brand: string; last4: string }) =>
    t('finance.autoBooking.cardLabel', {
      brand: t(`bookings.brands.${knownBrand(card.brand)}`),
      last4: card.last4,
    });
}

/** The card auto-booking pays with, or that there is none, with the way to add one. */
export function CardRequirement({
  card,
  onNavigate,
}: {
  card: AutoBookingStatus['card'];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const cardName = useCardName();
  return (
    <li className="flex items-start gap-3 text-sm">
      {card ? (
        <CreditCard aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', okTone)} />
      ) : (
        <AlertTriangle aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', warnTone)} />
      )}
      <div className="min-w-0">
        <p className="font-semibold">{t('finance.autoBooking.cardTitle')}</p>
        {card ? (
          <p data-testid="auto-booking-card">
            {t('finance.autoBooking.cardUses', { card: cardName(card) })}
          </p>
        ) : (
          <p>
            {t('finance.autoBooking.cardMissing')}{' '}
            <FixLink to={PAYMENT_METHODS_PATH} onClick={onNavigate}>
              {t('finance.autoBooking.addCard')}
            </FixLink>
          </p>
        )}
      </div>
    </li>
  );
}

/** Whether bookings can be confirmed to a verified address, with a way to get the link again. */
export function EmailRequirement({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const resend = useResendVerification();
  const email = user?.email ?? '';
  return (
    <li className="flex items-start gap-3 text-sm">
      {verified ? (
        <CheckCircle2 aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', okTone)} />
      ) : (
        <Mail aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', warnTone)} />
      )}
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">{t('finance.autoBooking.emailTitle')}</p>
        <p className="break-words">
          {verified
            ? t('finance.autoBooking.emailVerified', { email })
            : t('finance.autoBooking.emailMissing', { email })}
        </p>
        {verified ? null : resend.isSuccess ? (
          <p role="status" className="font-medium">
            {t('finance.autoBooking.resent')}
          </p>
        ) : (
          <Button
            size="sm"
            variant="outline"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t('finance.autoBooking.resend')}
          </Button>
        )}
        {resend.isError ? (
          <p role="alert" className="font-medium text-red-700 dark:text-red-300">
            {errorMessage(resend.error)}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Under the Budget screen's switch while it is on: what auto-booking still needs (a saved card,
 * a verified address), each with its fix, and the server's refusal when saving was refused.
 */
export function AutoBookingNeeds({ refused }: { refused: AutoBookingRefusal }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const status = useAutoBookingStatus();
  const missingCard = refused === 'card' || status.data?.card === null;
  const missingEmail =
    refused === 'email' || status.data?.emailVerified === false || user?.email_verified === false;
  if (!missingCard && !missingEmail) return null;
  return (
    <div
      data-testid="auto-booking-needs"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      {refused ? (
        <p role="alert" className="text-sm font-semibold">
          {refused === 'card'
            ? t('finance.autoBooking.refusedCard')
            : t('finance.autoBooking.refusedEmail')}
        </p>
      ) : (
        <p className="text-sm font-semibold">{t('finance.autoBooking.needsTitle')}</p>
      )}
      <ul className="mt-3 space-y-3">
        {missingCard ? <CardRequirement card={null} /> : null}
        {missingEmail ? <EmailRequirement verified={false} /> : null}
      </ul>
    </div>
  );
}
