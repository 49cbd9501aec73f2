import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Zap } from 'lucide-react';
import { Link } from 'react-router';
import type { Watch } from '@vowa/shared/watches/watch-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextInput } from '../../components/ui/text-input';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { useFinancialStatus } from '../../lib/use-financial-status';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import type { WatchTarget } from '../../lib/watch-actions-context';
import { watchKeys } from '../../lib/watch-keys';
import { AlertsOffPrompt } from './alerts-off-prompt';
import { checkParty, initialParty, type NamesDraft, type PartyErrors } from './watch-party';
import { createDestinationWatch, createWatch } from './watches-api';

type QuoteTarget = Extract<WatchTarget, { kind: 'trip' | 'flight' | 'hotel' }>;
type DestinationTarget = Extract<WatchTarget, { kind: 'destination' }>;

/**
 * The watch dialog every screen opens through `useWatchActions()`: an alert watch (or a
 * bucket-list place) is set up at once and the dialog says what Vowa will do; Auto-Book first
 * asks for the travellers' names and a contact, as a booking does, since Vowa books for them
 * later without asking again.
 */
export function WatchDialog({
  target,
  open,
  onOpenChange,
  onAutoBookStarted,
}: {
  target: WatchTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Auto-Book is set: the dialog closes and the app says so (the spec's alert). */
  onAutoBookStarted: (destination: string) => void;
}) {
  const { t } = useTranslation();
  const placeName = usePlaceName();
  // A watch made for alerts can be turned into Auto-Book from here while auto-booking is on.
  const [autoBook, setAutoBook] = useState(
    target.kind !== 'destination' && target.mode === 'auto_book',
  );
  const title =
    target.kind === 'destination'
      ? t('watches.dialog.destinationTitle', { place: target.place })
      : autoBook
        ? t('watches.dialog.autoBookTitle', { destination: placeName(target.title.destination) })
        : t('watches.dialog.watchTitle', { destination: placeName(target.title.destination) });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      closeLabel={t('watches.dialog.close')}
      className="sm:max-w-lg"
    >
      {target.kind !== 'destination' && autoBook ? (
        <AutoBookForm
          target={target}
          onCancel={() => onOpenChange(false)}
          onStarted={() => {
            onOpenChange(false);
            onAutoBookStarted(placeName(target.title.destination));
          }}
        />
      ) : (
        <AlertSetup
          target={target}
          onClose={() => onOpenChange(false)}
          onAutoBook={() => setAutoBook(true)}
        />
      )}
    </Dialog>
  );
}

/** Every screen showing watches reads them again once one is added. */
function useWatchCreated() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: watchKeys.all });
}

/** An alert watch (or a destination's): created on opening, then what Vowa will do. */
function AlertSetup({
  target,
  onClose,
  onAutoBook,
}: {
  target: QuoteTarget | DestinationTarget;
  onClose: () => void;
  /** Switches this watch to Auto-Book (it asks for the travellers first). */
  onAutoBook: () => void;
}) {
  const { t } = useTranslation();
  const { autoBookingEnabled } = useFinancialStatus();
  const created = useWatchCreated();
  const create = useMutation({
    mutationFn: () =>
      target.kind === 'destination'
        ? createDestinationWatch({ bucketItemId: target.bucketItemId })
        : createWatch({
            kind: target.kind,
            mode: 'alert',
            items: target.items,
            travelers: target.travelers,
            title: target.title,
          }),
    onSuccess: created,
  });
  // Once per opening (the dialog is mounted afresh for every target).
  const started = useRef(false);
  const { mutate } = create;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (create.isError) {
    return (
      <div className="space-y-5">
        <Banner tone="error">{errorMessage(create.error)}</Banner>
        <Footer onClose={onClose}>
          <Button onClick={() => create.mutate()}>{t('watches.retry')}</Button>
        </Footer>
      </div>
    );
  }
  if (!create.data) {
    return (
      <p role="status" className="py-6 text-center text-sm text-ink-muted">
        {target.kind === 'destination'
          ? t('watches.dialog.pricingPlace', { place: target.place })
          : t('watches.dialog.creating')}
      </p>
    );
  }
  const { watch, alertsOn } = create.data;
  return (
    <div className="space-y-5">
      <Banner tone="success">
        {target.kind === 'destination'
          ? t('watches.dialog.destinationWatching', { place: target.place })
          : t('watches.dialog.watching')}
      </Banner>
      <WatchFigures watch={watch} />
      {alertsOn ? null : <AlertsOffPrompt />}
      <Footer onClose={onClose}>
        {autoBookingEnabled && watch.kind !== 'destination' && watch.mode === 'alert' ? (
          <Button variant="outline" onClick={onAutoBook}>
            <Zap aria-hidden="true" className="size-4" />
            {t('watches.dialog.switchToAutoBook')}
          </Button>
        ) : null}
        <Button asChild>
          <Link to="/watches" onClick={onClose}>
            {t('watches.dialog.seeWatches')}
          </Link>
        </Button>
      </Footer>
    </div>
  );
}

/** The price now and what Vowa waits for: the target (a share of the market), or the budget. */
function WatchFigures({ watch }: { watch: Watch }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (price: { amount: number; currency: string }) =>
    format.money(price.amount, price.currency);
  return (
    <dl className="grid gap-3 rounded-xl bg-raised/70 p-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-xs text-ink-muted">{t('watches.current')}</dt>
        <dd className="text-lg font-semibold" data-testid="watch-current">
          {watch.current ? money(watch.current) : t('watches.noPrice')}
        </dd>
      </div>
      {watch.kind === 'destination' ? (
        <div>
          <dt className="text-xs text-ink-muted">{t('watches.budget')}</dt>
          <dd className="text-lg font-semibold" data-testid="watch-target">
            {money(watch.maxBudget)}
          </dd>
        </div>
      ) : (
        <div>
          <dt className="text-xs text-ink-muted">{t('watches.target')}</dt>
          <dd className="text-lg font-semibold" data-testid="watch-target">
            {money(watch.target)}
          </dd>
          <dd className="text-xs text-ink-muted">
            {t('watches.targetShare', {
              percent: watch.thresholdPercent,
              amount: money(watch.market),
            })}
          </dd>
        </div>
      )}
    </dl>
  );
}

function Footer({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onClose}>
        {t('watches.dialog.close')}
      </Button>
      {children}
    </div>
  );
}

/** What the server's refusal asks the person to fix, with the way to fix it. */
function refusalLink(
  error: unknown,
): { to: string; label: 'addCard' | 'budget' | 'profile' } | null {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'auto_booking_needs_card') return { to: '/settings', label: 'addCard' };
  if (code === 'auto_booking_off') return { to: '/financial/budget', label: 'budget' };
  if (code === 'email_not_verified') return { to: '/profile', label: 'profile' };
  return null;
}

/** Auto-Book: the travellers' names as on their documents and a contact address, then POST. */
function AutoBookForm({
  target,
  onCancel,
  onStarted,
}: {
  target: QuoteTarget;
  onCancel: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const created = useWatchCreated();
  const [travellers, setTravellers] = useState<NamesDraft[]>(() =>
    initialParty(target.travelers, user?.name),
  );
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<PartyErrors>({});
  const create = useMutation({
    mutationFn: createWatch,
    onSuccess: () => {
      created();
      onStarted();
    },
  });
  const error = (field: string) => {
    const code = errors[field];
    return code ? t(`validation.${code}` as 'validation.invalidValue') : undefined;
  };
  const setTraveller = (index: number, change: Partial<NamesDraft>) =>
    setTravellers((current) =>
      current.map((traveller, at) => (at === index ? { ...traveller, ...change } : traveller)),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkParty(travellers, email);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate({
      kind: target.kind,
      mode: 'auto_book',
      items: target.items,
      travelers: target.travelers,
      title: target.title,
      party: checked.party,
    });
  };
  const fix = create.isError ? refusalLink(create.error) : null;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-ink-muted">{t('watches.dialog.autoBookIntro')}</p>
      {travellers.map((traveller, index) => (
        <fieldset key={index} className="space-y-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">
            {t('watches.dialog.traveller', { number: index + 1 })}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput
              label={t('watches.dialog.givenName')}
              required
              autoComplete={index === 0 ? 'given-name' : 'off'}
              value={traveller.givenName}
              error={error(`travelers.${index}.givenName`)}
              onChange={(event) => setTraveller(index, { givenName: event.target.value })}
            />
            <TextInput
              label={t('watches.dialog.familyName')}
              required
              autoComplete={index === 0 ? 'family-name' : 'off'}
              value={traveller.familyName}
              error={error(`travelers.${index}.familyName`)}
              onChange={(event) => setTraveller(index, { familyName: event.target.value })}
            />
          </div>
        </fieldset>
      ))}
      <TextInput
        type="email"
        label={t('watches.dialog.email')}
        hint={t('watches.dialog.emailHint')}
        required
        autoComplete="email"
        value={email}
        error={error('email')}
        onChange={(event) => setEmail(event.target.value)}
      />
      {create.isError ? (
        <Banner
          tone="error"
          action={
            fix ? (
              <Button asChild size="sm" variant="outline">
                <Link to={fix.to} onClick={onCancel}>
                  {t(`watches.dialog.fix.${fix.label}`)}
                </Link>
              </Button>
            ) : undefined
          }
        >
          {errorMessage(create.error)}
        </Banner>
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('watches.dialog.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('watches.dialog.autoBookStart')}
        </Button>
      </div>
    </form>
  );
}
