import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BedDouble,
  Building2,
  CalendarDays,
  Check,
  Clock,
  Globe,
  Info,
  Mail,
  MapPin,
  PawPrint,
  Phone,
  Receipt,
  ShieldCheck,
  Sparkles,
  ThumbsUp,
} from 'lucide-react';
import type { RoomType } from '@vowa/shared/travel/travel-constants';
import { hotelModifyOptions } from '@vowa/shared/travel/travel-rules';
import type { Hotel, HotelRequoteRequest } from '@vowa/shared/travel/travel-schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';
import type { GroupAction } from './flight-detail-dialog';
import { useFormat } from '../../lib/use-format';
import { ImageCarousel } from './image-carousel';
import {
  ConvertedNote,
  DetailSection,
  DialogFooter,
  IconList,
  InfoList,
  RequoteSummary,
  StarRating,
} from './travel-parts';
import { amenityIcon } from './travel-visuals';
import { useEditFocus, useRequoteView } from './use-modify-mode';

type Choice = { roomType: RoomType; checkIn: string; checkOut: string; nights: number };

const choiceOf = (hotel: Hotel): Choice => ({
  roomType: hotel.roomType,
  checkIn: hotel.checkIn,
  checkOut: hotel.checkOut,
  nights: hotel.nights,
});

const sameChoice = (a: Choice, b: Choice) =>
  a.roomType === b.roomType &&
  a.checkIn === b.checkIn &&
  a.checkOut === b.checkOut &&
  a.nights === b.nights;

const identity = (hotel: Hotel | null) => (hotel ? `${hotel.id}|${hotel.quote.quoteId}` : 'none');

type State = { source: string; applied: Hotel | null; editing: boolean; choice: Choice | null };
const initialState = (hotel: Hotel | null): State => ({
  source: identity(hotel),
  applied: hotel,
  editing: false,
  choice: hotel ? choiceOf(hotel) : null,
});

/**
 * Part 2 §2 Hotel detail dialog: photos, the hotel's facts and policies, your stay and its
 * price; Modify re-quotes another room or dates live; Save applies the new offer.
 */
export function HotelDetailDialog({
  open,
  onClose,
  hotel,
  groupContext = false,
  onGroupUpdate,
  onSelect,
  onModified,
}: {
  open: boolean;
  onClose: () => void;
  /** null when the provider had no hotel for the dates. */
  hotel: Hotel | null;
  groupContext?: boolean;
  onGroupUpdate?: (hotel: Hotel, action: GroupAction) => void;
  onSelect?: (hotel: Hotel) => void;
  onModified?: (hotel: Hotel) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => initialState(hotel));
  let current = state;
  if (state.source !== identity(hotel)) {
    current = initialState(hotel);
    setState(current);
  }
  const close = () => {
    if (current.editing)
      setState({
        ...current,
        editing: false,
        choice: current.applied && choiceOf(current.applied),
      });
    onClose();
  };
  const onOpenChange = (value: boolean) => {
    if (!value) close();
  };

  if (!current.applied) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('travel.hotel.fallbackTitle')}
        className="sm:max-w-lg"
      >
        <p className="text-ink-muted">{t('travel.hotel.noHotels')}</p>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('travel.close')}
          </Button>
        </DialogFooter>
      </Dialog>
    );
  }
  return (
    <HotelContent
      open={open}
      onOpenChange={onOpenChange}
      close={close}
      state={{ ...current, applied: current.applied }}
      setState={setState}
      groupContext={groupContext}
      onGroupUpdate={onGroupUpdate}
      onSelect={onSelect}
      onModified={onModified}
    />
  );
}

function HotelContent({
  open,
  onOpenChange,
  close,
  state,
  setState,
  groupContext,
  onGroupUpdate,
  onSelect,
  onModified,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  close: () => void;
  state: State & { applied: Hotel };
  setState: (state: State) => void;
  groupContext: boolean;
  onGroupUpdate?: (hotel: Hotel, action: GroupAction) => void;
  onSelect?: (hotel: Hotel) => void;
  onModified?: (hotel: Hotel) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { applied, editing } = state;
  const choice = state.choice ?? choiceOf(applied);
  const na = t('travel.notAvailable');
  const text = (value: string | null | undefined) => (value && value.trim() ? value : na);
  const money = (amount: number | null) =>
    amount === null
      ? t('travel.priceNotAvailable')
      : format.money(amount, applied.currency, 'always');

  const request: HotelRequoteRequest | null =
    editing && !sameChoice(choice, choiceOf(applied))
      ? { kind: 'hotel', quoteId: applied.quote.quoteId, ...choice }
      : null;
  const { view, offer: requoted } = useRequoteView(request, applied.price, (answer) =>
    answer.kind === 'hotel' ? answer.hotel : undefined,
  );
  const { firstFieldRef, modifyRef, focusAfterEditRef } = useEditFocus(editing);

  const roomTypes = applied.roomTypes.includes(applied.roomType)
    ? applied.roomTypes
    : [applied.roomType, ...applied.roomTypes];
  const options = hotelModifyOptions({
    checkIn: applied.checkIn,
    checkOut: applied.checkOut,
    nights: applied.nights,
    roomTypes,
  });
  const checkOuts = options.checkOuts.filter((date) => date > choice.checkIn);
  const setChoice = (change: Partial<Choice>) => {
    const next = { ...choice, ...change };
    // A check-out on or before the new check-in is not offered: move it to the first that is.
    if (next.checkOut <= next.checkIn) {
      next.checkOut = options.checkOuts.find((date) => date > next.checkIn) ?? next.checkOut;
    }
    setState({ ...state, choice: next });
  };
  const startEditing = () => {
    focusAfterEditRef.current = 'field';
    setState({ ...state, editing: true, choice: choiceOf(applied) });
  };
  const cancelEditing = () => {
    focusAfterEditRef.current = 'modify';
    setState({ ...state, editing: false, choice: choiceOf(applied) });
  };
  const save = () => {
    if (request === null) {
      cancelEditing();
      return;
    }
    if (view.state !== 'ready' || !requoted) return;
    const next = requoted;
    focusAfterEditRef.current = 'modify';
    setState({ ...state, applied: next, editing: false, choice: choiceOf(next) });
    if (groupContext) onGroupUpdate?.(next, 'modified');
    onModified?.(next);
  };
  const select = () => {
    if (groupContext) onGroupUpdate?.(applied, 'selected');
    else onSelect?.(applied);
    close();
  };

  const name = applied.name?.trim() ? applied.name : t('travel.hotel.noName');
  const { city, state: region } = applied.address;
  const place = [city, region && region !== city ? region : null].filter(Boolean).join(', ');
  const roomLabel = (roomType: RoomType) => t(`travel.roomTypes.${roomType}`);
  const street = applied.address.street?.trim();
  const addressLines = street
    ? [
        street,
        [applied.address.zipCode, applied.address.city].filter(Boolean).join(' '),
        [applied.address.state, applied.address.country].filter(Boolean).join(', '),
      ].filter(Boolean)
    : null;

  // The stay before taxes; the re-quote's date adjustments show on their own line.
  const nightsTotal =
    applied.pricePerNight === null ? null : applied.pricePerNight * applied.nights;
  const subtotal =
    applied.price !== null && applied.taxesAndFees !== null
      ? applied.price - applied.taxesAndFees
      : nightsTotal;
  // Cents lost to rounding the nightly rate stay in the first line, so the lines add up.
  const adjustment =
    subtotal !== null && nightsTotal !== null && Math.abs(subtotal - nightsTotal) >= 0.5
      ? subtotal - nightsTotal
      : null;
  const stayAmount = adjustment === null ? subtotal : nightsTotal;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={name}
      description={place || na}
      className="sm:max-w-2xl"
    >
      <div className="space-y-6">
        <ImageCarousel
          images={applied.images}
          label={t('travel.hotel.gallery')}
          altFor={(index, total) => t('travel.hotel.imageAlt', { name, index, total })}
        />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <StarRating stars={applied.rating} />
          <span className="flex items-center gap-1.5 text-ink-muted">
            <ThumbsUp aria-hidden="true" className="size-4" />
            {applied.reviewScore !== null ? (
              <span className="font-semibold text-ink">
                {t('travel.hotel.reviewScore', { score: applied.reviewScore.toFixed(1) })}
              </span>
            ) : null}
            <span>{t('travel.hotel.reviews', { count: applied.reviewCount })}</span>
          </span>
          {applied.brand ? (
            <span className="flex items-center gap-1.5 text-ink-muted">
              <Building2 aria-hidden="true" className="size-4" />
              {t('travel.hotel.brand', { brand: applied.brand })}
            </span>
          ) : null}
        </div>

        {editing ? (
          <section
            aria-labelledby="hotel-modify-title"
            className="space-y-4 rounded-xl border border-line bg-raised/60 p-4"
          >
            <div>
              <h3 id="hotel-modify-title" className="text-base font-semibold">
                {t('travel.hotel.modifyTitle')}
              </h3>
              <p className="mt-1 text-sm text-ink-muted">{t('travel.hotel.modifyHint')}</p>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                ref={firstFieldRef}
                label={t('travel.hotel.roomType')}
                value={choice.roomType}
                onChange={(event) => setChoice({ roomType: event.target.value as RoomType })}
                options={options.roomTypes.map((value) => ({ value, label: roomLabel(value) }))}
              />
              <Select
                label={t('travel.hotel.nights')}
                value={String(choice.nights)}
                onChange={(event) => setChoice({ nights: Number(event.target.value) })}
                options={options.nights.map((value) => ({
                  value: String(value),
                  label: t('travel.hotel.nightsOption', { count: value }),
                }))}
              />
              <Select
                label={t('travel.hotel.checkInDate')}
                value={choice.checkIn}
                onChange={(event) => setChoice({ checkIn: event.target.value })}
                options={options.checkIns.map((value) => ({
                  value,
                  label: format.calendarDate(value, 'long'),
                }))}
              />
              <Select
                label={t('travel.hotel.checkOutDate')}
                value={choice.checkOut}
                onChange={(event) => setChoice({ checkOut: event.target.value })}
                options={checkOuts.map((value) => ({
                  value,
                  label: format.calendarDate(value, 'long'),
                }))}
              />
            </div>
            <RequoteSummary
              view={view}
              currency={requoted?.currency ?? applied.currency}
              priceLabel={t('travel.requote.newTotal')}
            />
          </section>
        ) : null}

        <DetailSection title={t('travel.hotel.about')} icon={Info}>
          <p className="leading-relaxed text-ink">{text(applied.description)}</p>
        </DetailSection>

        {applied.highlights.length > 0 ? (
          <DetailSection title={t('travel.hotel.highlights')} icon={Sparkles}>
            <IconList items={applied.highlights} icon={Check} />
          </DetailSection>
        ) : null}

        <DetailSection title={t('travel.hotel.amenities')} icon={BedDouble}>
          {applied.amenities.length > 0 ? (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {applied.amenities.map((amenity) => {
                const Icon = amenityIcon(amenity);
                return (
                  <li
                    key={amenity}
                    className="flex items-center gap-2 rounded-lg bg-raised/70 px-3 py-2 text-ink"
                  >
                    <Icon
                      aria-hidden="true"
                      className="size-4 shrink-0 text-violet-700 dark:text-violet-300"
                    />
                    <span className="min-w-0">{amenity}</span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-ink-muted">{na}</p>
          )}
          {applied.services.length > 0 ? (
            <div className="mt-4">
              <h4 className="text-xs font-medium text-ink-muted">{t('travel.hotel.services')}</h4>
              <ul className="mt-2 flex flex-wrap gap-2">
                {applied.services.map((service) => {
                  const Icon = amenityIcon(service);
                  return (
                    <li
                      key={service}
                      className="inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1 text-xs"
                    >
                      <Icon aria-hidden="true" className="size-3.5" />
                      {service}
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
        </DetailSection>

        {applied.nearbyAttractions.length > 0 ? (
          <DetailSection title={t('travel.hotel.nearby')} icon={MapPin}>
            <ul className="divide-y divide-line">
              {applied.nearbyAttractions.map((place) => (
                <li
                  key={place.name}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 py-2"
                >
                  <span className="font-medium text-ink">{place.name}</span>
                  <span className="text-xs text-ink-muted">
                    {t('travel.hotel.nearbyItem', { distance: place.distance, type: place.type })}
                  </span>
                </li>
              ))}
            </ul>
          </DetailSection>
        ) : null}

        <DetailSection title={t('travel.hotel.policies')} icon={ShieldCheck}>
          <InfoList
            items={[
              {
                term: t('travel.hotel.checkInTime'),
                value: applied.policies.checkIn ? format.clock(applied.policies.checkIn) : na,
                icon: Clock,
              },
              {
                term: t('travel.hotel.checkOutTime'),
                value: applied.policies.checkOut ? format.clock(applied.policies.checkOut) : na,
                icon: Clock,
              },
              {
                term: t('travel.hotel.cancellation'),
                value: text(applied.policies.cancellation),
                icon: CalendarDays,
              },
              { term: t('travel.hotel.pets'), value: text(applied.policies.pets), icon: PawPrint },
            ]}
          />
        </DetailSection>

        <DetailSection title={t('travel.hotel.yourStay')} icon={CalendarDays}>
          <InfoList
            items={[
              {
                term: t('travel.hotel.checkIn'),
                value: format.calendarDate(applied.checkIn, 'long'),
              },
              {
                term: t('travel.hotel.checkOut'),
                value: format.calendarDate(applied.checkOut, 'long'),
              },
              { term: t('travel.hotel.nights'), value: String(applied.nights) },
              { term: t('travel.hotel.roomType'), value: roomLabel(applied.roomType) },
            ]}
          />
        </DetailSection>

        <DetailSection title={t('travel.hotel.totalPrice')} icon={Receipt}>
          <dl className="space-y-2">
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">
                {applied.pricePerNight === null
                  ? t('travel.hotel.nights')
                  : t('travel.hotel.perNight', {
                      price: format.money(applied.pricePerNight, applied.currency, 'always'),
                      count: applied.nights,
                    })}
              </dt>
              <dd className="font-medium">{money(stayAmount)}</dd>
            </div>
            {adjustment !== null ? (
              <div className="flex justify-between gap-4">
                <dt className="text-ink-muted">{t('travel.hotel.adjustments')}</dt>
                <dd className="font-medium">{money(adjustment)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">{t('travel.hotel.taxes')}</dt>
              <dd className="font-medium">{money(applied.taxesAndFees)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-line pt-2 text-base">
              <dt className="font-semibold">{t('travel.hotel.total')}</dt>
              <dd className="font-bold" data-testid="hotel-total">
                {money(applied.price)}
              </dd>
            </div>
          </dl>
          <ConvertedNote quote={applied.quote} currency={applied.currency} className="mt-2" />
        </DetailSection>

        <DetailSection title={t('travel.hotel.contact')} icon={Phone}>
          <InfoList
            items={[
              {
                term: t('travel.hotel.phone'),
                icon: Phone,
                value: applied.contact.phone ? (
                  <a
                    className="underline underline-offset-2"
                    href={`tel:${applied.contact.phone.replace(/[^\d+]/g, '')}`}
                  >
                    {applied.contact.phone}
                  </a>
                ) : (
                  na
                ),
              },
              {
                term: t('travel.hotel.email'),
                icon: Mail,
                value: applied.contact.email ? (
                  <a
                    className="underline underline-offset-2"
                    href={`mailto:${applied.contact.email}`}
                  >
                    {applied.contact.email}
                  </a>
                ) : (
                  na
                ),
              },
              {
                term: t('travel.hotel.website'),
                icon: Globe,
                value: safeUrl(applied.contact.website) ? (
                  <a
                    className="underline underline-offset-2"
                    href={safeUrl(applied.contact.website)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {displayUrl(applied.contact.website ?? '')}
                  </a>
                ) : (
                  na
                ),
              },
            ]}
          />
        </DetailSection>

        <DetailSection title={t('travel.hotel.address')} icon={MapPin}>
          {addressLines ? (
            <address className="not-italic">
              {addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="text-ink-muted">{t('travel.hotel.noAddress')}</p>
          )}
        </DetailSection>
      </div>

      <DialogFooter>
        {editing ? (
          <>
            <Button variant="ghost" onClick={close}>
              {t('travel.close')}
            </Button>
            <Button variant="outline" onClick={cancelEditing}>
              {t('travel.cancel')}
            </Button>
            <Button onClick={save} disabled={request !== null && view.state !== 'ready'}>
              {t('travel.save')}
            </Button>
          </>
        ) : (
          <>
            <Button ref={modifyRef} variant="outline" onClick={startEditing}>
              {t('travel.modify')}
            </Button>
            <Button variant="outline" onClick={close}>
              {t('travel.close')}
            </Button>
            <Button onClick={select}>
              {groupContext ? t('travel.selectForGroup') : t('travel.hotel.select')}
            </Button>
          </>
        )}
      </DialogFooter>
    </Dialog>
  );
}

/** Only web addresses become links (never javascript: and the like). */
function safeUrl(url: string | null): string | undefined {
  if (!url) return undefined;
  const withScheme = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
