import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import {
  MAX_DAYS_AHEAD,
  travelClasses,
  type TravelClass,
} from '@vowa/shared/travel/travel-constants';
import { SPECIAL_REQUESTS_MAX_LENGTH } from '@vowa/shared/bookings/booking-schemas';
import { addDays } from '@vowa/shared/travel/travel-rules';
import {
  addAdditionalCity,
  CUSTOMIZE_LIMITS,
  hotelCategories,
  type AddCityResult,
  type HotelCategory,
} from '@vowa/shared/travel/trip-price-model';
import { focusRing } from '../../../components/ui/button-variants';
import { Select } from '../../../components/ui/select';
import { TextInput } from '../../../components/ui/text-input';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { useFormat } from '../../../lib/use-format';
import { NumberStepper } from './number-stepper';
import type { TripChoicesDraft } from './use-trip-customization';

type CityProblem = Extract<AddCityResult, { ok: false }>['reason'];

/** The additional cities: a field (Enter or Add adds it) and the list as removable chips. */
function AdditionalCities({
  cities,
  onChange,
}: {
  cities: string[];
  onChange: (cities: string[]) => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<{ reason: CityProblem; city: string } | null>(null);
  const add = () => {
    const result = addAdditionalCity(cities, typed);
    if (!result.ok) {
      setProblem({ reason: result.reason, city: typed.trim() });
      return;
    }
    setProblem(null);
    setTyped('');
    onChange(result.cities);
  };
  return (
    <div className="space-y-2">
      <TextInput
        label={t('customize.fields.additionalCities')}
        placeholder={t('customize.fields.cityPlaceholder')}
        value={typed}
        maxLength={CUSTOMIZE_LIMITS.maxCityLength + 20}
        error={
          problem ? t(`customize.cityErrors.${problem.reason}`, { city: problem.city }) : undefined
        }
        hint={t('customize.fields.citiesHint', { max: CUSTOMIZE_LIMITS.maxAdditionalCities })}
        aria-controls={listId}
        onChange={(event) => {
          setTyped(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        trailing={
          <button
            type="button"
            aria-label={t('customize.fields.addCity')}
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-lg text-ink-muted hover:bg-raised hover:text-ink',
              focusRing,
            )}
            onClick={add}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        }
      />
      <ul
        id={listId}
        aria-label={t('customize.fields.citiesAdded')}
        className="flex flex-wrap gap-2"
      >
        {cities.map((city) => (
          <li
            key={city}
            className="inline-flex items-center gap-1 rounded-full border border-violet-300 bg-violet-50 py-1 pr-1 pl-3 text-sm font-medium text-violet-900 dark:border-violet-400/30 dark:bg-violet-400/10 dark:text-violet-100"
          >
            {city}
            <button
              type="button"
              aria-label={t('customize.fields.removeCity', { city })}
              className={cn(
                'inline-flex size-7 items-center justify-center rounded-full hover:bg-violet-200/60 dark:hover:bg-violet-400/20',
                focusRing,
              )}
              onClick={() => onChange(cities.filter((other) => other !== city))}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Customize tab (part 2 §2, §4, §5): travellers 1–10, nights 1–30, class, hotel category,
 * check-in (check-out derived and shown), additional cities and special requests.
 */
export function CustomizeForm({
  choices,
  checkOut,
  today,
  specialRequests,
  onChange,
  onSpecialRequests,
}: {
  choices: TripChoicesDraft;
  checkOut: string;
  today: string;
  specialRequests: string;
  onChange: (change: Partial<TripChoicesDraft>) => void;
  onSpecialRequests: (text: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const limits = CUSTOMIZE_LIMITS;
  const lastCheckIn = addDays(today, MAX_DAYS_AHEAD - choices.nights);
  // What the field shows, kept while the person types: a year typed digit by digit passes
  // through dates that are not valid yet ("0002-…", "0020-…"), which must not snap back to the
  // last valid date. Only a valid date is handed on; a new date from outside replaces the text.
  const [checkInText, setCheckInText] = useState(choices.checkIn);
  const [committedCheckIn, setCommittedCheckIn] = useState(choices.checkIn);
  if (choices.checkIn !== committedCheckIn) {
    setCommittedCheckIn(choices.checkIn);
    setCheckInText(choices.checkIn);
  }
  const validCheckIn = (value: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= today && value <= lastCheckIn;
  // Said once the person leaves the field (not at every digit on the way to a date).
  const [dateProblem, setDateProblem] = useState(false);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <NumberStepper
        label={t('customize.fields.travelers')}
        value={choices.travelers}
        min={limits.minTravelers}
        max={limits.maxTravelers}
        hint={t('customize.limits.travelers', {
          min: limits.minTravelers,
          max: limits.maxTravelers,
        })}
        decreaseLabel={t('customize.fields.fewerTravelers')}
        increaseLabel={t('customize.fields.moreTravelers')}
        onChange={(travelers) => onChange({ travelers })}
      />
      <NumberStepper
        label={t('customize.fields.nights')}
        value={choices.nights}
        min={limits.minNights}
        max={limits.maxNights}
        hint={t('customize.limits.nights', { min: limits.minNights, max: limits.maxNights })}
        decreaseLabel={t('customize.fields.fewerNights')}
        increaseLabel={t('customize.fields.moreNights')}
        onChange={(nights) => onChange({ nights })}
      />
      <Select
        label={t('customize.fields.flightClass')}
        value={choices.flightClass}
        options={travelClasses.map((value) => ({ value, label: t(`travel.classes.${value}`) }))}
        onChange={(event) => onChange({ flightClass: event.target.value as TravelClass })}
      />
      <Select
        label={t('customize.fields.hotelCategory')}
        value={choices.hotelCategory}
        options={hotelCategories.map((value) => ({
          value,
          label: `${t(`customize.categories.${value}`)} · ${t(`customize.categoryStars.${value}`)}`,
        }))}
        onChange={(event) => onChange({ hotelCategory: event.target.value as HotelCategory })}
      />
      <TextInput
        type="date"
        label={t('customize.fields.checkIn')}
        value={checkInText}
        min={today}
        max={lastCheckIn}
        required
        error={dateProblem ? t('customize.fields.checkInInvalid') : undefined}
        onChange={(event) => {
          const value = event.target.value;
          setCheckInText(value);
          if (!validCheckIn(value)) return;
          setDateProblem(false);
          setCommittedCheckIn(value);
          onChange({ checkIn: value });
        }}
        onBlur={() => setDateProblem(!validCheckIn(checkInText))}
      />
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-ink">{t('customize.fields.checkOut')}</p>
        <p
          className="flex h-11 items-center rounded-xl border border-dashed border-line px-3.5 text-sm text-ink"
          data-testid="check-out"
        >
          {format.calendarDate(checkOut, 'long')}
        </p>
        <p className="text-xs text-ink-muted">
          {t('customize.fields.checkOutHint', { count: choices.nights })}
        </p>
      </div>
      <div className="sm:col-span-2">
        <AdditionalCities
          cities={choices.additionalCities}
          onChange={(additionalCities) => onChange({ additionalCities })}
        />
      </div>
      <Textarea
        className="sm:col-span-2"
        label={t('customize.fields.specialRequests')}
        hint={t('customize.fields.specialRequestsHint')}
        value={specialRequests}
        // The booking's own limit: what is typed here goes into the booking as it is.
        maxLength={SPECIAL_REQUESTS_MAX_LENGTH}
        onChange={(event) => onSpecialRequests(event.target.value)}
      />
    </div>
  );
}
