import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'radix-ui';
import { ClipboardList, SlidersHorizontal, Sparkles, type LucideIcon } from 'lucide-react';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { addAdditionalCity } from '@vowa/shared/travel/trip-price-model';
import type { SuggestionChange } from '@vowa/shared/travel/trip-quote-schemas';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/button-variants';
import { Dialog } from '../../../components/ui/dialog';
import type { BookingStart } from '../../../lib/booking-flow-context';
import { cn } from '../../../lib/cn';
import { usePlaceName } from '../../../lib/use-place-names';
import { DialogFooter } from '../travel-parts';
import { AssistantTab } from './assistant-tab';
import { CustomizeForm } from './customize-form';
import { PricePanel } from './price-panel';
import { TripDetailsTab } from './trip-details-tab';
import { useAssistantConversation } from './use-assistant-conversation';
import { localToday, useTripCustomization } from './use-trip-customization';

const TABS = ['details', 'customize', 'assistant'] as const;
type Tab = (typeof TABS)[number];
const TAB_ICONS: Record<Tab, LucideIcon> = {
  details: ClipboardList,
  customize: SlidersHorizontal,
  assistant: Sparkles,
};

export type TripCustomizeDialogProps = {
  trip: TripSuggestion;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Book Trip: the exact quotes of the customised trip, for the booking flow; then it closes. */
  onBook: (booking: BookingStart) => void;
};

/**
 * Part 2 §2's trip customisation dialog: tabs Trip Details, Customize and AI Assistant, Cancel
 * and Book Trip. Mounted only while open, so every opening starts from the defaults (part 2 §4:
 * cleared on close).
 */
export function TripCustomizeDialog(props: TripCustomizeDialogProps) {
  const { t } = useTranslation();
  const place = usePlaceName();
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('customize.title', { destination: place(props.trip.destination) })}
      description={t('customize.description')}
      closeLabel={t('customize.close')}
      className="sm:max-w-3xl"
    >
      {props.open ? <CustomizeBody {...props} /> : null}
    </Dialog>
  );
}

function CustomizeBody({ trip, onOpenChange, onBook }: TripCustomizeDialogProps) {
  const { t } = useTranslation();
  const [today] = useState(() => localToday());
  const [tab, setTab] = useState<Tab>('customize');
  const [specialRequests, setSpecialRequests] = useState('');
  const state = useTripCustomization(trip, today);
  const conversation = useAssistantConversation();
  const { choices, exact } = state;

  const apply = (change: SuggestionChange) => {
    if (change.setting === 'checkIn') state.update({ checkIn: change.checkIn });
    else if (change.setting === 'hotelCategory') {
      state.update({ hotelCategory: change.hotelCategory });
    } else {
      const added = addAdditionalCity(choices.additionalCities, change.city);
      if (added.ok) state.update({ additionalCities: added.cities });
    }
  };

  const book = () => {
    if (!exact) return;
    const requests = specialRequests.trim();
    onBook({
      items: exact.items,
      travelers: exact.travelers,
      source: 'customized',
      tripTitle: {
        destination: trip.destination,
        country: trip.country,
        countryCode: trip.countryCode,
      },
      ...(requests ? { specialRequests: requests } : {}),
    });
    // The booking dialog takes over: one modal at a time keeps focus and Escape unambiguous.
    onOpenChange(false);
  };

  return (
    <div className="space-y-5">
      <PricePanel
        estimate={state.estimate}
        estimateCurrency={state.currency}
        travelers={choices.travelers}
        pending={state.pending}
        exact={exact}
        loading={!state.pending && state.quote.isFetching}
        error={state.quote.error}
        onRetry={() => void state.quote.refetch()}
      />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List
          aria-label={t('customize.tabsLabel')}
          className="grid grid-cols-3 gap-1 rounded-2xl border border-line bg-surface p-1"
        >
          {TABS.map((value) => {
            const Icon = TAB_ICONS[value];
            return (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-xl px-2 py-2 text-center text-sm font-semibold text-ink-muted transition-colors',
                  'data-[state=active]:bg-linear-to-r data-[state=active]:from-sky-700 data-[state=active]:to-violet-600 data-[state=active]:text-white',
                  'hover:text-ink',
                  focusRing,
                )}
              >
                <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
                {t(`customize.tabs.${value}`)}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <Tabs.Content value="details" className="mt-5">
          <TripDetailsTab
            trip={trip}
            choices={choices}
            checkOut={state.checkOut}
            exact={exact}
            loading={state.pending || state.quote.isFetching}
          />
        </Tabs.Content>
        <Tabs.Content value="customize" className="mt-5">
          <CustomizeForm
            choices={choices}
            checkOut={state.checkOut}
            today={today}
            specialRequests={specialRequests}
            onChange={state.update}
            onSpecialRequests={setSpecialRequests}
          />
        </Tabs.Content>
        <Tabs.Content value="assistant" className="mt-5">
          <AssistantTab
            request={state.currentRequest}
            conversation={conversation}
            onApply={apply}
          />
        </Tabs.Content>
      </Tabs.Root>
      <DialogFooter
        summary={
          exact ? null : <span className="text-xs text-ink-muted">{t('customize.bookHint')}</span>
        }
      >
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('customize.cancel')}
        </Button>
        <Button disabled={!exact} onClick={book}>
          {t('customize.book')}
        </Button>
      </DialogFooter>
    </div>
  );
}
