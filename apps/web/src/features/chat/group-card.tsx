import { useTranslation } from 'react-i18next';
import { CalendarCheck, Hotel, Plane, PlaneLanding, Sparkles, type LucideIcon } from 'lucide-react';
import type { ChatMessage } from '@vowa/shared/assistant/assistant-schemas';
import type { GroupPlanSlot } from '@vowa/shared/groups/group-schemas';
import { Badge } from '../../components/ui/badge';
import { useFormat } from '../../lib/use-format';
import { isPlanCard } from './group-plan-api';

const slotIcons: Record<GroupPlanSlot, LucideIcon> = {
  flight: Plane,
  return_flight: PlaneLanding,
  hotel: Hotel,
  experience: Sparkles,
};

/**
 * A group plan card in the group's thread (issue 15 §5), in the reader's language: who picked
 * what for the group with its marker, the offer's summary and its quoted price, or who booked
 * the plan, for how many, and the total. The message's text is only the English fallback.
 */
export function GroupCard({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const card = message.card;
  if (!isPlanCard(card)) return null;
  const name = message.sender.name || t('groupPlan.someone');

  if (card.type === 'plan_booked') {
    return (
      <li className="flex justify-center">
        <p className="flex items-center gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-100">
          <CalendarCheck aria-hidden className="size-4 shrink-0" />
          {t('groupPlan.planBooked', {
            name,
            reference: card.reference,
            amount: format.money(card.total.amount, card.total.currency, 'always'),
            count: card.memberCount,
          })}
        </p>
      </li>
    );
  }

  const Icon = slotIcons[card.slot];
  const perWhat = card.slot === 'hotel' ? t('groupPlan.perStay') : t('groupPlan.perPerson');
  return (
    <li className="flex justify-center">
      <article
        aria-label={t(`groupPlan.picked.${card.marker}`, {
          name,
          what: t(`groupPlan.slotPhrases.${card.slot}`),
        })}
        data-marker={card.marker}
        className="w-full max-w-md rounded-xl border border-violet-200 bg-surface p-3 text-sm dark:border-violet-400/30"
      >
        <p className="text-xs text-ink-muted">
          {t(`groupPlan.picked.${card.marker}`, {
            name,
            what: t(`groupPlan.slotPhrases.${card.slot}`),
          })}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Badge tone={card.marker === 'modified' ? 'warning' : 'accent'}>
            {t(`groupPlan.markers.${card.marker}`)}
          </Badge>
          <span className="flex items-center gap-1 text-xs text-ink-muted">
            <Icon aria-hidden className="size-3.5" />
            {t(`groupPlan.slots.${card.slot}`)}
          </span>
        </div>
        <p className="mt-1 font-medium text-ink">{card.title}</p>
        <p className="text-ink">
          {card.price ? (
            <>
              <span className="font-semibold">
                {format.money(card.price.amount, card.price.currency, 'always')}
              </span>{' '}
              <span className="text-xs text-ink-muted">{perWhat}</span>
            </>
          ) : (
            t('groupPlan.noPrice')
          )}
        </p>
        {card.price && (
          <p className="text-xs text-ink-muted">
            {t('groupPlan.quotedAt', { time: format.dateTime(card.price.quotedAt) })}
          </p>
        )}
      </article>
    </li>
  );
}
