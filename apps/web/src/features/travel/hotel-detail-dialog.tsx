import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bell,
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
import { distinctPlaceParts } from '@vowa/shared/travel/place-names';
import { hotelModifyOptions } from '@vowa/shared/travel/travel-rules';
import type { Hotel, HotelRequoteRequest } from '@vowa/shared/travel/travel-schemas';
import { LocationMap } from '../../components/maps/maps';
import { PriceHistoryDisclosure } from '../../components/price-history/quote-price-history';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';
import type { GroupAction } from './flight-detail-dialog';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';
import { useWatchActions } from '../../lib/watch-actions-context';
import { ImageCarousel } from './image-carousel';
import {
  ConvertedNote,
  DetailSection,
  DialogFooter,
  FooterPrice,
  IconList,
  InfoList,
  RequoteSummary,
  StarRating,
  TripTotalCheck,
  type TripTotalContext,
} from './travel-parts';
import { changeStay, stayOptions } from './stay-choice';
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
  trip,
}: {
  open: boolean;
  onClose: () => void;
  /** null when the provider had no hotel for the dates. */
  hotel: Hotel | null;
  groupContext?: boolean;
  onGroupUpdate?: (hotel: Hotel, action: GroupAction) => void;
  onSelect?: (hotel: Hotel) => void;
  onModified?: (hotel: Hotel) => void;
  /** The trip the stay belongs to: Modify shows its new total and the budget check. */
  trip?: TripTotalContext;
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
      trip={trip}
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
  trip,
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
  trip?: TripTotalContext;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const countryName = useCountryName();
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
  // Nights and check-out are one choice seen two ways: only stays that agree are offered, and
  // changing one moves the other (1 to 30 nights).
  const stays = stayOptions(options, choice.checkIn);
  const setChoice = (change: Partial<Choice>) => {
    const { roomType = choice.roomType, ...dates } = change;
    setState({ ...state, choice: { ...changeStay(options, choice, dates), roomType } });
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
  const { watch } = useWatchActions();
  // Watch price: this stay (priced whole), for the trip's travellers.
  const watchPrice = () => {
    close();
    watch({
      kind: 'hotel',
      mode: 'alert',
      items: [{ kind: 'hotel', quoteId: applied.quote.quoteId }],
      travelers: trip?.travelers ?? 1,
      title: {
        destination: applied.address.city || applied.name || '—',
        country: applied.address.country,
        countryCode: applied.address.countryCode ?? '',
      },
    });
  };

  // While editing, the stay shown is the pending choice: the re-quoted offer once the server
  // has priced it, the chosen room and dates until then (an unavailable choice keeps the stay
  // as it is, under the re-quote's error).
  const previewing = editing && request !== null && view.state !== 'error';
  const shown: Hotel = !previewing ? applied : (requoted ?? { ...applied, ...choice });
  const awaiting = previewing && !requoted;

  const name = shown.name?.trim() ? shown.name : t('travel.hotel.noName');
  const region = shown.address.state;
  const city = placeName(shown.address.city);
  // A city-state or island is named once ("Singapore", not "Singapore, Singapore").
  const place = distinctPlaceParts([city, region]).join(', ');
  const roomLabel = (roomType: RoomType) => t(`travel.roomTypes.${roomType}`);
  const street = shown.address.street?.trim();
  const addressLines = street
    ? [
        street,
        [shown.address.zipCode, city].filter(Boolean).join(' '),
        // The region and country after the city, leaving out any that only repeats it.
        distinctPlaceParts([
          city,
          shown.address.state,
          countryName(shown.address.countryCode, shown.address.country),
        ])
          .slice(1)
          .join(', '),
      ].filter(Boolean)
    : null;

  // The stay before taxes; the re-quote's date adjustments show on their own line.
  const nightsTotal = shown.pricePerNight === null ? null : shown.pricePerNight * shown.nights;
  const subtotal =
    shown.price !== null && shown.taxesAndFees !== null
      ? shown.price - shown.taxesAndFees
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
          images={shown.images}
          label={t('travel.hotel.gallery')}
          altFor={(index, total) => t('travel.hotel.imageAlt', { name, index, total })}
        />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <StarRating stars={shown.rating} />
          <span className="flex items-center gap-1.5 text-ink-muted">
            <ThumbsUp aria-hidden="true" className="size-4" />
            {shown.reviewScore !== null ? (
              <span className="font-semibold text-ink">
                {t('travel.hotel.reviewScore', { score: shown.reviewScore.toFixed(1) })}
              </span>
            ) : null}
            <span>{t('travel.hotel.reviews', { count: shown.reviewCount })}</span>
          </span>
          {shown.brand ? (
            <span className="flex items-center gap-1.5 text-ink-muted">
              <Building2 aria-hidden="true" className="size-4" />
              {t('travel.hotel.brand', { brand: shown.brand })}
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
                options={stays.nights.map((value) => ({
                  value: String(value),
                  label: t('travel.hotel.nightsOption', { count: value }),
                }))}
              />
              <Select
                label={t('travel.hotel.checkInDate')}
                value={choice.checkIn}
                onChange={(event) => setChoice({ checkIn: event.target.value })}
                options={stays.checkIns.map((value) => ({
                  value,
                  label: format.calendarDate(value, 'long'),
                }))}
              />
              <Select
                label={t('travel.hotel.checkOutDate')}
                value={choice.checkOut}
                onChange={(event) => setChoice({ checkOut: event.target.value })}
                options={stays.checkOuts.map((value) => ({
                  value,
                  label: format.calendarDate(value, 'long'),
                }))}
              />
            </div>
            <RequoteSummary
              view={view}
              currency={requoted?.currency ?? shown.currency}
              priceLabel={t('travel.requote.newTotal')}
            />
            {trip ? (
              <TripTotalCheck
                context={trip}
                view={view}
                appliedPrice={applied.price}
                currency={requoted?.currency ?? applied.currency}
              />
            ) : null}
          </section>
        ) : null}

        <DetailSection title={t('travel.hotel.about')} icon={Info}>
          <p className="leading-relaxed text-ink">{text(shown.description)}</p>
        </DetailSection>

        {shown.highlights.length > 0 ? (
          <DetailSection title={t('travel.hotel.highlights')} icon={Sparkles}>
            <IconList items={shown.highlights} icon={Check} />
          </DetailSection>
        ) : null}

        <DetailSection title={t('travel.hotel.amenities')} icon={BedDouble}>
          {shown.amenities.length > 0 ? (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {shown.amenities.map((amenity) => {
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
          {shown.services.length > 0 ? (
            <div className="mt-4">
              <h4 className="text-xs font-medium text-ink-muted">{t('travel.hotel.services')}</h4>
              <ul className="mt-2 flex flex-wrap gap-2">
                {shown.services.map((service) => {
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

        {shown.nearbyAttractions.length > 0 ? (
          <DetailSection title={t('travel.hotel.nearby')} icon={MapPin}>
            <ul className="divide-y divide-line">
              {shown.nearbyAttractions.map((place) => (
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
                value: shown.policies.checkIn ? format.clock(shown.policies.checkIn) : na,
                icon: Clock,
              },
              {
                term: t('travel.hotel.checkOutTime'),
                value: shown.policies.checkOut ? format.clock(shown.policies.checkOut) : na,
                icon: Clock,
              },
              {
                term: t('travel.hotel.cancellation'),
                value: text(shown.policies.cancellation),
                icon: CalendarDays,
              },
              { term: t('travel.hotel.pets'), value: text(shown.policies.pets), icon: PawPrint },
            ]}
          />
        </DetailSection>

        <DetailSection
          title={t('travel.hotel.yourStay')}
          icon={CalendarDays}
          action={
            previewing ? <Badge tone="warning">{t('travel.requote.preview')}</Badge> : undefined
          }
        >
          <InfoList
            items={[
              {
                term: t('travel.hotel.checkIn'),
                value: format.calendarDate(shown.checkIn, 'long'),
              },
              {
                term: t('travel.hotel.checkOut'),
                value: format.calendarDate(shown.checkOut, 'long'),
              },
              { term: t('travel.hotel.nights'), value: String(shown.nights) },
              { term: t('travel.hotel.roomType'), value: roomLabel(shown.roomType) },
            ]}
          />
        </DetailSection>

        <DetailSection title={t('travel.hotel.totalPrice')} icon={Receipt}>
          {awaiting ? (
            <p className="text-ink-muted">{t('travel.requote.loading')}</p>
          ) : (
            <dl className="space-y-2">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-muted">
                  {shown.pricePerNight === null
                    ? t('travel.hotel.nights')
                    : t('travel.hotel.perNight', {
                        price: format.money(shown.pricePerNight, shown.currency, 'always'),
                        count: shown.nights,
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
                <dd className="font-medium">{money(shown.taxesAndFees)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-line pt-2 text-base">
                <dt className="font-semibold">{t('travel.hotel.total')}</dt>
                <dd className="font-bold" data-testid="hotel-total">
                  {money(shown.price)}
                </dd>
              </div>
            </dl>
          )}
          <ConvertedNote quote={shown.quote} currency={shown.currency} className="mt-2" />
        </DetailSection>

        <DetailSection title={t('travel.hotel.contact')} icon={Phone}>
          <InfoList
            items={[
              {
                term: t('travel.hotel.phone'),
                icon: Phone,
                value: shown.contact.phone ? (
                  <a
                    className="underline underline-offset-2"
                    href={`tel:${shown.contact.phone.replace(/[^\d+]/g, '')}`}
                  >
                    {shown.contact.phone}
                  </a>
                ) : (
                  na
                ),
              },
              {
                term: t('travel.hotel.email'),
                icon: Mail,
                value: shown.contact.email ? (
                  <a
                    className="underline underline-offset-2"
                    href={`mailto:${shown.contact.email}`}
                  >
                    {shown.contact.email}
                  </a>
                ) : (
                  na
                ),
              },
              {
                term: t('travel.hotel.website'),
                icon: Globe,
                value: safeUrl(shown.contact.website) ? (
                  <a
                    className="underline underline-offset-2"
                    href={safeUrl(shown.contact.website)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {displayUrl(shown.contact.website ?? '')}
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
          {shown.coordinates ? (
            <div className="mt-3">
              <LocationMap
                place={{ ...shown.coordinates, label: shown.name ?? city }}
                label={t('maps.hotelLabel', {
                  name: shown.name ?? na,
                  city: city || na,
                })}
                loading={t('maps.loading')}
                unavailable={t('maps.unavailable')}
              />
            </div>
          ) : null}
        </DetailSection>

        {editing ? null : (
          <>
            <PriceHistoryDisclosure
              key={applied.quote.quoteId}
              request={{ items: [{ kind: 'hotel', quoteId: applied.quote.quoteId }], travelers: 1 }}
            />
            {/* Beside its history rather than in the footer, which keeps its actions in pairs. */}
            {groupContext || applied.price === null ? null : (
              <Button variant="outline" onClick={watchPrice} className="w-full sm:w-auto">
                <Bell aria-hidden="true" className="size-4" />
                {t('watches.watchPrice')}
              </Button>
            )}
          </>
        )}
      </div>

      <DialogFooter
        summary={
          shown.price === null || awaiting ? null : (
            <FooterPrice label={t('travel.hotel.total')} amount={money(shown.price)} />
          )
        }
      >
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
