import { useTranslation } from 'react-i18next';
import {
  BedDouble,
  CalendarDays,
  Check,
  MapPin,
  Sparkles,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import type { TripQuoteRequest } from '@vowa/shared/travel/trip-price-model';
import type { SuggestionChange, TripIdea } from '@vowa/shared/travel/trip-quote-schemas';
import { CUSTOMIZE_LIMITS } from '@vowa/shared/travel/trip-price-model';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/use-format';
import { usePlaceName } from '../../../lib/use-place-names';
import type { AssistantConversation } from './use-assistant-conversation';

const ICONS: Record<TripIdea['kind'], LucideIcon> = {
  experience: Ticket,
  dates: CalendarDays,
  hotel_category: BedDouble,
  city: MapPin,
};

/** An idea in the reader's language, from its facts. */
function useIdeaText() {
  const { t } = useTranslation();
  const format = useFormat();
  const place = usePlaceName();
  const money = (value: { amount: number; currency: string }) =>
    format.money(value.amount, value.currency);
  return (idea: TripIdea): { title: string; text: string } => {
    switch (idea.kind) {
      case 'experience':
        return {
          title: idea.name,
          text: t('customize.assistant.ideas.experience', {
            type: t(`customize.assistant.experienceTypes.${idea.experienceType}`),
            rating: format.number(idea.rating, { maximumFractionDigits: 1 }),
            price: idea.price ? money(idea.price) : t('travel.priceNotAvailable'),
          }),
        };
      case 'dates':
        return {
          title: t('customize.assistant.ideas.datesTitle', {
            date: format.calendarDate(idea.checkIn, 'long'),
          }),
          text: t('customize.assistant.ideas.dates', {
            price: money(idea.flights),
            saving: money(idea.saving),
          }),
        };
      case 'hotel_category':
        return {
          title: t('customize.assistant.ideas.hotelTitle', {
            category: t(`customize.categories.${idea.hotelCategory}`),
          }),
          text: t('customize.assistant.ideas.hotel', {
            name: idea.hotelName ?? t('customize.details.unnamedHotel'),
            stars: t('travel.hotel.stars', { count: idea.stars }),
            price: money(idea.stay),
            difference: idea.difference
              ? format.difference(idea.difference.amount, idea.difference.currency)
              : t('travel.notAvailable'),
          }),
        };
      case 'city':
        return {
          title: t('customize.assistant.ideas.cityTitle', { city: place(idea.city) }),
          text: idea.flight
            ? t('customize.assistant.ideas.cityByAir', {
                distance: format.number(idea.distanceKm),
                price: money(idea.flight),
              })
            : t('customize.assistant.ideas.cityByLand', {
                distance: format.number(idea.distanceKm),
              }),
        };
    }
  };
}

/**
 * The AI Assistant tab (issue 14 §4): the person asks (a non-blank request, part 2 §5), the
 * assistant answers for this trip with two to four ideas priced now; an idea that maps to a
 * setting can be applied to the Customize tab.
 */
export function AssistantTab({
  request,
  conversation,
  onApply,
}: {
  request: TripQuoteRequest;
  conversation: AssistantConversation;
  onApply: (change: SuggestionChange) => void;
}) {
  const { t } = useTranslation();
  const ideaText = useIdeaText();
  const { message, setMessage, applied, setApplied, suggestions } = conversation;
  const blank = message.trim() === '';
  const ask = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (blank || suggestions.isPending) return;
    setApplied(new Set());
    suggestions.mutate({ trip: request, message: message.trim() });
  };
  const answer = suggestions.data;
  return (
    <div className="space-y-4">
      <form onSubmit={ask} className="space-y-3">
        <Textarea
          label={t('customize.assistant.label')}
          placeholder={t('customize.assistant.placeholder')}
          value={message}
          maxLength={CUSTOMIZE_LIMITS.maxAssistantRequestLength}
          rows={2}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) ask(event);
          }}
        />
        <Button
          type="submit"
          disabled={blank}
          loading={suggestions.isPending}
          loadingText={t('customize.assistant.asking')}
        >
          <Sparkles aria-hidden="true" className="size-4" />
          {t('customize.assistant.ask')}
        </Button>
      </form>
      <div aria-live="polite" aria-busy={suggestions.isPending || undefined}>
        {suggestions.isPending ? (
          <p className="flex items-center gap-2 text-sm text-ink-muted">
            <Spinner />
            {t('customize.assistant.thinking')}
          </p>
        ) : suggestions.isError ? (
          <Banner tone="error">{errorMessage(suggestions.error)}</Banner>
        ) : answer ? (
          <div className="space-y-3" data-testid="assistant-answer">
            <p className="text-sm text-ink">{answer.reply}</p>
            <p className="text-xs text-ink-muted">
              {t(`customize.assistant.answeredBy.${answer.answeredBy}`)}
            </p>
            {answer.suggestions.length === 0 ? (
              <p className="text-sm text-ink-muted">{t('customize.assistant.none')}</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {answer.suggestions.map((idea, index) => {
                  const { title, text } = ideaText(idea);
                  const Icon = ICONS[idea.kind];
                  const change = idea.change;
                  return (
                    <li
                      key={`${idea.kind}-${index}`}
                      className="flex flex-col gap-2 rounded-xl border border-line bg-raised/40 p-3"
                    >
                      <p className="flex items-start gap-2 font-semibold text-ink">
                        <Icon
                          aria-hidden="true"
                          className="mt-0.5 size-4 shrink-0 text-violet-700 dark:text-violet-300"
                        />
                        {title}
                      </p>
                      <p className="text-sm text-ink-muted">{text}</p>
                      {change ? (
                        <Button
                          size="sm"
                          variant={applied.has(index) ? 'ghost' : 'outline'}
                          className="mt-auto self-start"
                          disabled={applied.has(index)}
                          aria-label={
                            applied.has(index)
                              ? t('customize.assistant.appliedLabel', { title })
                              : t('customize.assistant.applyLabel', { title })
                          }
                          onClick={() => {
                            onApply(change);
                            setApplied((now) => new Set(now).add(index));
                          }}
                        >
                          {applied.has(index) ? (
                            <>
                              <Check aria-hidden="true" className="size-4" />
                              {t('customize.assistant.applied')}
                            </>
                          ) : (
                            t('customize.assistant.apply')
                          )}
                        </Button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ) : (
          <p className="text-sm text-ink-muted">{t('customize.assistant.intro')}</p>
        )}
      </div>
    </div>
  );
}
