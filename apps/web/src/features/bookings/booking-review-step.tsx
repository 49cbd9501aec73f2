import { useTranslation } from 'react-i18next';
import type { BookingQuoteItem, BookingQuoteResponse } from '@vowa/shared/bookings/booking-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { TextInput } from '../../components/ui/text-input';
import { formatMinor } from '../../lib/minor-units';
import { useFormat } from '../../lib/use-format';
import type { ContactDraft, DetailErrors, TravellerDraft } from './booking-details';
import { kindIcons, useItemDates } from './booking-items';

/** The items as priced now, each with its old price when it moved. */
export function QuoteItems({ items }: { items: BookingQuoteItem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dates = useItemDates();
  return (
    <ul className="divide-y divide-line rounded-xl border border-line" data-testid="booking-items">
      {items.map((item) => {
        const Icon = kindIcons[item.kind];
        const moved = item.amountMinor !== item.previousAmountMinor;
        return (
          <li key={item.quoteId} className="flex gap-3 p-3 text-sm">
            <Icon
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-violet-700 dark:text-violet-300"
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                <span className="sr-only">{t(`bookings.kinds.${item.kind}`)}: </span>
                {item.title}
              </p>
              <p className="text-ink-muted">{item.detail}</p>
              <p className="text-ink-muted">{dates(item.startsAt, item.endsAt)}</p>
            </div>
            <p className="shrink-0 text-right font-semibold">
              {moved ? (
                <>
                  <s className="mr-1 font-normal text-ink-muted">
                    {formatMinor(format, {
                      amountMinor: item.previousAmountMinor,
                      currency: item.currency,
                    })}
                  </s>
                  <span className="sr-only">→</span>
                </>
              ) : null}
              {formatMinor(format, item)}
              {item.perPerson ? (
                <span className="block text-xs font-normal text-ink-muted">
                  {t('bookings.review.perPerson')}
                </span>
              ) : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The total charged, and the person's own currency beside it when that differs. */
export function QuoteTotal({ quote }: { quote: BookingQuoteResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { display, total } = quote;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-raised/70 p-3">
      <span className="text-sm font-medium text-ink-muted">{t('bookings.review.total')}</span>
      <span className="text-right">
        <span className="text-2xl font-bold tracking-tight" data-testid="booking-total">
          {formatMinor(format, total)}
        </span>
        {display && display.currency !== total.currency ? (
          <span className="block text-xs text-ink-muted">
            {t('bookings.review.converted', {
              amount: format.money(display.amount, display.currency, 'always'),
              rate: format.number(display.exchangeRate.rate, { maximumFractionDigits: 4 }),
              from: total.currency,
              to: display.currency,
            })}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** Part of the review: a changed price shown old → new, which must be accepted to go on. */
export function PriceChange({
  quote,
  accepted,
  onAccept,
}: {
  quote: BookingQuoteResponse;
  accepted: boolean;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const values = {
    old: formatMinor(format, quote.previousTotal),
    new: formatMinor(format, quote.total),
  };
  if (accepted) {
    return <Banner tone="success">{t('bookings.review.priceAccepted', values)}</Banner>;
  }
  return (
    <Banner
      tone="info"
      action={
        <Button size="sm" onClick={onAccept}>
          {t('bookings.review.acceptPrice')}
        </Button>
      }
    >
      <p className="font-semibold">{t('bookings.review.priceChangedTitle')}</p>
      <p data-testid="price-change">{t('bookings.review.priceChanged', values)}</p>
    </Banner>
  );
}

/** One fieldset per traveller, names as on their documents, then the contact. */
export function TravellerFields({
  travellers,
  contact,
  errors,
  onTraveller,
  onContact,
}: {
  travellers: TravellerDraft[];
  contact: ContactDraft;
  errors: DetailErrors;
  onTraveller: (index: number, change: Partial<TravellerDraft>) => void;
  onContact: (change: Partial<ContactDraft>) => void;
}) {
  const { t } = useTranslation();
  const error = (field: string) => {
    const code = errors[field];
    return code ? t(`validation.${code}` as 'validation.invalidValue') : undefined;
  };
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-muted">{t('bookings.review.namesHint')}</p>
      {travellers.map((traveller, index) => (
        <fieldset key={index} className="space-y-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">
            {t('bookings.review.traveller', { number: index + 1 })}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput
              label={t('bookings.review.givenName')}
              required
              autoComplete={index === 0 ? 'given-name' : 'off'}
              value={traveller.givenName}
              error={error(`travelers.${index}.givenName`)}
              onChange={(event) => onTraveller(index, { givenName: event.target.value })}
            />
            <TextInput
              label={t('bookings.review.familyName')}
              required
              autoComplete={index === 0 ? 'family-name' : 'off'}
              value={traveller.familyName}
              error={error(`travelers.${index}.familyName`)}
              onChange={(event) => onTraveller(index, { familyName: event.target.value })}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput
              type="date"
              label={t('bookings.review.bornOn')}
              hint={t('bookings.review.bornOnHint')}
              max={today}
              value={traveller.bornOn}
              error={error(`travelers.${index}.bornOn`)}
              onChange={(event) => onTraveller(index, { bornOn: event.target.value })}
            />
            <Select
              label={t('bookings.review.gender')}
              hint={t('bookings.review.genderHint')}
              value={traveller.gender}
              options={[
                { value: '', label: t('bookings.review.genders.none') },
                { value: 'f', label: t('bookings.review.genders.f') },
                { value: 'm', label: t('bookings.review.genders.m') },
              ]}
              onChange={(event) =>
                onTraveller(index, { gender: event.target.value as TravellerDraft['gender'] })
              }
            />
          </div>
        </fieldset>
      ))}
      <fieldset className="space-y-3 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold">{t('bookings.review.contact')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            type="email"
            label={t('bookings.review.email')}
            required
            autoComplete="email"
            value={contact.email}
            error={error('contact.email')}
            onChange={(event) => onContact({ email: event.target.value })}
          />
          <TextInput
            type="tel"
            label={t('bookings.review.phone')}
            autoComplete="tel"
            value={contact.phone}
            error={error('contact.phone')}
            onChange={(event) => onContact({ phone: event.target.value })}
          />
        </div>
      </fieldset>
    </div>
  );
}
