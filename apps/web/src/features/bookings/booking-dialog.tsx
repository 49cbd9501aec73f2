import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SPECIAL_REQUESTS_MAX_LENGTH,
  type BookingQuoteResponse,
} from '@vowa/shared/bookings/booking-schemas';
import type { PaymentAction } from '@vowa/shared/payments/payment-schemas';
import { MAX_TRAVELERS, MIN_TRAVELERS } from '@vowa/shared/travel/travel-constants';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { errorMessage } from '../../lib/api-client';
import type { BookingStart } from '../../lib/booking-flow-context';
import { bookingKeys } from '../../lib/booking-keys';
import { formatMinor } from '../../lib/minor-units';
import { useSession } from '../../lib/session-context';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import { requoteBooking, resendVerification, useContactProfile } from './booking-api';
import { BookingConfirmation } from './booking-confirmation';
import {
  checkDetails,
  emptyTraveller,
  splitName,
  type ContactDraft,
  type DetailErrors,
  type TravellerDraft,
} from './booking-details';
import { PriceChange, QuoteItems, QuoteTotal, TravellerFields } from './booking-review-step';
import type { PaymentResolver, PaymentSlot } from './payment-slot';
import type { PendingAttemptSlot } from './pending-attempts';
import { useBookingAttempt, type AttemptProblem, type AttemptState } from './use-booking-attempt';

type Step = 'review' | 'payment';

/**
 * The one booking dialog (issue 14 §2): review (the items priced again right now, a changed
 * price shown old → new and accepted, travellers' names as on their documents, the contact),
 * payment (the payments feature's choice of card, through `payment`), then the confirmation.
 */
export function BookingDialog({
  open,
  onOpenChange,
  booking: start,
  payment,
  pendingSlot,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: BookingStart;
  payment: PaymentSlot;
  /** Where an unanswered attempt for these items outlives this dialog (the provider's). */
  pendingSlot?: PendingAttemptSlot;
}) {
  const { t } = useTranslation();
  const placeName = usePlaceName();
  const format = useFormat();
  const queryClient = useQueryClient();
  const destination = placeName(start.tripTitle.destination);
  const review = useReview(start);
  // Any settled outcome (booked, declined, failed) may have changed My Trips; the review's own
  // quote is not refetched by it.
  const onSettled = useCallback(
    (outcome: AttemptState) => {
      void queryClient.invalidateQueries({
        queryKey: bookingKeys.all,
        predicate: (query) => query.queryKey[1] !== 'quote',
      });
      if (outcome.phase === 'booked') void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
    [queryClient],
  );
  const attempt = useBookingAttempt(onSettled, pendingSlot);
  // An attempt still unanswered from an earlier opening continues on the payment step.
  const [step, setStep] = useState<Step>(() => (attempt.pending() ? 'payment' : 'review'));
  const [resolver, setResolver] = useState<PaymentResolver | null>(null);
  // Stable, so a payment choice reporting from an effect does not report again on every render.
  const onPaymentChange = useCallback(
    (next: PaymentResolver | null) => setResolver(() => next),
    [],
  );

  const problem = attempt.state.phase === 'problem' ? attempt.state.problem : null;
  // A price that moved between review and payment sends the person back to accept it.
  const settle = (next: AttemptState | undefined) => {
    if (next?.phase !== 'problem' || next.problem.kind !== 'price_changed') return;
    review.priceMoved(next.problem.quote);
    setStep('review');
  };

  const booked = attempt.state.phase === 'booked' ? attempt.state.booking : null;
  const sending = attempt.state.phase === 'sending';
  const stepNumber = booked ? 3 : step === 'review' ? 1 : 2;
  const stepName = booked ? 'done' : step;

  // Each new step starts at its heading, so keyboard and screen-reader users land where the
  // content changed (the first opening starts in the first field, as every dialog does).
  const content = useRef<HTMLDivElement>(null);
  const shownStep = useRef(stepName);
  useEffect(() => {
    if (shownStep.current === stepName) return;
    shownStep.current = stepName;
    content.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [stepName]);

  // A confirmation step the person closed unanswered stays closed (nothing is sent again) until
  // they ask for it with "Confirm payment"; a new step the server asks for opens by itself.
  const action = attempt.state.phase === 'action' ? attempt.state.action : null;
  const [dismissedAction, setDismissedAction] = useState<PaymentAction | null>(null);
  const actionOpen = action !== null && action !== dismissedAction;

  // Closing while the server has not answered for sure: said once, then closed if asked again.
  const [closeWarned, setCloseWarned] = useState(false);
  const requestClose = () => {
    // Closing mid-send would hide the answer; the send finishes first.
    if (sending) return;
    if (attempt.pending() && !closeWarned) {
      setCloseWarned(true);
      return;
    }
    onOpenChange(false);
  };

  const pay = () =>
    void attempt
      .submit(async () => {
        const quote = review.quote;
        const details = review.details();
        if (!quote || !details) return { error: t('bookings.errors.reviewAgain') };
        const method = resolver ? await resolver() : { error: t('bookings.payment.choose') };
        if ('error' in method) return { error: method.error };
        return {
          items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
          travelers: details.travelers,
          contact: details.contact,
          acceptedTotal: quote.total,
          paymentMethodId: method.paymentMethodId,
          source: start.source,
          tripTitle: start.tripTitle,
          ...(start.groupId ? { group_id: start.groupId } : {}),
          ...(review.specialRequests.trim()
            ? { specialRequests: review.specialRequests.trim() }
            : {}),
        };
      })
      .then(settle);

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => {
        if (value) onOpenChange(true);
        else requestClose();
      }}
      title={t('bookings.title', { destination })}
      description={t('bookings.stepOf', { step: stepNumber, total: 3 })}
      closeLabel={t('bookings.close')}
      className="sm:max-w-2xl"
    >
      <div ref={content} className="contents">
        {booked ? (
          <BookingConfirmation booking={booked} onClose={() => onOpenChange(false)} />
        ) : step === 'review' ? (
          <ReviewStep
            review={review}
            onCancel={requestClose}
            onContinue={() => {
              if (!review.validate()) return;
              attempt.renew();
              setStep('payment');
            }}
          />
        ) : (
          <section aria-labelledby="booking-payment-heading" className="space-y-4">
            <h3
              id="booking-payment-heading"
              className="text-lg font-semibold outline-none"
              tabIndex={-1}
              data-step-heading
            >
              {t('bookings.payment.heading')}
            </h3>
            <div role="status" aria-live="polite">
              {closeWarned && attempt.pending() ? (
                <Banner
                  tone="info"
                  live={false}
                  action={
                    <Button size="sm" variant="outline" onClick={() => onOpenChange(false)}>
                      {t('bookings.closeAnyway')}
                    </Button>
                  }
                >
                  {t('bookings.stillProcessing')}
                </Banner>
              ) : null}
            </div>
            {review.quote ? <QuoteTotal quote={review.quote} /> : null}
            <payment.Choice onChange={onPaymentChange} disabled={sending || attempt.pending()} />
            <ProblemBanner problem={problem} onRetry={() => void attempt.resume().then(settle)} />
            <p role="status" aria-live="polite" className="sr-only">
              {sending ? t('bookings.payment.sending') : ''}
            </p>
            {action && actionOpen ? (
              <payment.ActionStep
                action={action}
                onDone={() => void attempt.resume().then(settle)}
                onDismiss={() => setDismissedAction(action)}
              />
            ) : null}
            {action && !actionOpen ? (
              <Banner tone="info">{t('bookings.payment.confirmPending')}</Banner>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                disabled={sending || attempt.pending()}
                onClick={() => setStep('review')}
              >
                {t('bookings.payment.back')}
              </Button>
              {action && !actionOpen ? (
                <Button onClick={() => setDismissedAction(null)}>
                  {t('bookings.payment.confirmPayment')}
                </Button>
              ) : (
                <Button
                  onClick={pay}
                  loading={sending}
                  loadingText={t('bookings.payment.sending')}
                  disabled={(!resolver && !attempt.pending()) || actionOpen}
                >
                  {review.quote
                    ? t('bookings.payment.pay', { amount: formatMinor(format, review.quote.total) })
                    : t('bookings.payment.payPlain')}
                </Button>
              )}
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}

type Review = ReturnType<typeof useReview>;

/** The review step's state: the fresh quote, its acceptance, travellers and contact. */
function useReview(start: BookingStart) {
  const { user } = useSession();
  const profile = useContactProfile();
  // What is priced: the items as started, then (after a 409) the quotes the person accepted.
  const [priced, setPriced] = useState({ items: start.items, round: 0 });
  const [travelerCount, setTravelerCount] = useState(start.travelers);
  const quoteQuery = useQuery({
    queryKey: [...bookingKeys.all, 'quote', priced.round, priced.items, travelerCount],
    queryFn: ({ signal }) =>
      requoteBooking({ items: priced.items, travelers: travelerCount }, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [movedQuote, setMovedQuote] = useState<BookingQuoteResponse | null>(null);
  const quote = movedQuote ?? quoteQuery.data ?? null;
  const [accepted, setAccepted] = useState(false);
  const [travellers, setTravellers] = useState<TravellerDraft[]>(() =>
    Array.from({ length: start.travelers }, emptyTraveller),
  );
  const [contact, setContact] = useState<ContactDraft>({ email: user?.email ?? '', phone: '' });
  const [errors, setErrors] = useState<DetailErrors>({});
  // The customise dialog's special requests arrive with the booking; the person may edit them.
  const [specialRequests, setSpecialRequests] = useState(start.specialRequests ?? '');
  const [prefilled, setPrefilled] = useState(false);

  // The first traveller and the contact start from the profile; the person corrects them.
  if (!prefilled && profile.data) {
    setPrefilled(true);
    const first = travellers[0];
    if (first && !first.givenName && !first.familyName) {
      setTravellers([{ ...first, ...splitName(profile.data.name) }, ...travellers.slice(1)]);
    }
    setContact((current) => ({
      email: current.email || profile.data.email,
      phone: current.phone || profile.data.phone,
    }));
  }

  const details = () => {
    const checked = checkDetails(travellers, contact, specialRequests);
    return checked.ok ? checked : null;
  };

  return {
    quote,
    quoteQuery,
    travelerCount,
    /** Another number of travellers: priced again, one name form each. */
    setTravelerCount: (count: number) => {
      setTravelerCount(count);
      setMovedQuote(null);
      setAccepted(false);
      setTravellers((current) =>
        Array.from({ length: count }, (_, index) => current[index] ?? emptyTraveller()),
      );
    },
    needsAcceptance: !!quote?.priceChanged && !accepted,
    accepted,
    accept: () => setAccepted(true),
    travellers,
    contact,
    errors,
    specialRequests,
    setSpecialRequests,
    setTraveller: (index: number, change: Partial<TravellerDraft>) =>
      setTravellers((current) =>
        current.map((traveller, at) => (at === index ? { ...traveller, ...change } : traveller)),
      ),
    setContact: (change: Partial<ContactDraft>) =>
      setContact((current) => ({ ...current, ...change })),
    validate: () => {
      const checked = checkDetails(travellers, contact, specialRequests);
      setErrors(checked.ok ? {} : checked.errors);
      return checked.ok;
    },
    details,
    /** A 409: show the new prices (or price the accepted quotes again) and ask again. */
    priceMoved: (moved: BookingQuoteResponse | null) => {
      setAccepted(false);
      if (moved) {
        setMovedQuote(moved);
        return;
      }
      setMovedQuote(null);
      setPriced((current) => ({
        items: quote ? quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })) : current.items,
        round: current.round + 1,
      }));
    },
  };
}

function ReviewStep({
  review,
  onCancel,
  onContinue,
}: {
  review: Review;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const unverified = !!user && !user.email_verified;
  const { quote, quoteQuery } = review;
  return (
    <section aria-labelledby="booking-review-heading" className="space-y-4">
      <h3
        id="booking-review-heading"
        className="text-lg font-semibold outline-none"
        tabIndex={-1}
        data-step-heading
      >
        {t('bookings.review.heading')}
      </h3>
      {unverified ? <VerifyEmailNotice /> : null}
      {quote ? (
        <>
          <QuoteItems items={quote.items} />
          <QuoteTotal quote={quote} />
          {quote.priceChanged ? (
            <PriceChange quote={quote} accepted={review.accepted} onAccept={review.accept} />
          ) : null}
        </>
      ) : quoteQuery.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="outline" onClick={() => void quoteQuery.refetch()}>
              {t('bookings.review.retry')}
            </Button>
          }
        >
          {errorMessage(quoteQuery.error)}
        </Banner>
      ) : (
        <div role="status" className="space-y-2">
          <span className="text-sm text-ink-muted">{t('bookings.review.checking')}</span>
          <Skeleton className="h-24" />
        </div>
      )}
      <Select
        label={t('bookings.review.travellerCount')}
        className="max-w-48"
        value={String(review.travelerCount)}
        options={Array.from({ length: MAX_TRAVELERS - MIN_TRAVELERS + 1 }, (_, index) => {
          const count = MIN_TRAVELERS + index;
          return { value: String(count), label: t('trips.travellers', { count }) };
        })}
        onChange={(event) => review.setTravelerCount(Number(event.target.value))}
      />
      <TravellerFields
        travellers={review.travellers}
        contact={review.contact}
        errors={review.errors}
        onTraveller={review.setTraveller}
        onContact={review.setContact}
      />
      <Textarea
        label={t('bookings.review.specialRequests')}
        hint={t('bookings.review.specialRequestsHint')}
        maxLength={SPECIAL_REQUESTS_MAX_LENGTH}
        rows={2}
        error={
          review.errors.specialRequests
            ? t(`validation.${review.errors.specialRequests}` as 'validation.invalidValue')
            : undefined
        }
        value={review.specialRequests}
        onChange={(event) => review.setSpecialRequests(event.target.value)}
      />
      {Object.keys(review.errors).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {t('bookings.review.fixFields')}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('bookings.cancel')}
        </Button>
        <Button onClick={onContinue} disabled={!quote || review.needsAcceptance || unverified}>
          {t('bookings.review.continue')}
        </Button>
      </div>
    </section>
  );
}

/** Booking needs a verified address: say so, with the way to get the link again. */
function VerifyEmailNotice() {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <Banner
      tone="info"
      action={
        resend.isSuccess ? null : (
          <Button
            size="sm"
            variant="outline"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t('bookings.verify.resend')}
          </Button>
        )
      }
    >
      {resend.isSuccess ? t('bookings.verify.sent') : t('bookings.verify.needed')}
    </Banner>
  );
}

/** Why the last payment did not book, in the dialog's alert region. */
function ProblemBanner({
  problem,
  onRetry,
}: {
  problem: AttemptProblem | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (!problem || problem.kind === 'price_changed') return null;
  if (problem.kind === 'unverified') return <VerifyEmailNotice />;
  if (problem.kind === 'unsure') {
    return (
      <Banner
        tone="error"
        action={
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('bookings.payment.retry')}
          </Button>
        }
      >
        {t('bookings.errors.unsure')}
      </Banner>
    );
  }
  const message =
    problem.kind === 'declined'
      ? problem.message
      : problem.kind === 'failed'
        ? t('bookings.errors.failed')
        : problem.message;
  return (
    <Banner tone="error">
      <span data-testid="booking-error">{message}</span>
    </Banner>
  );
}
