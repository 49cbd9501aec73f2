import { useTranslation } from 'react-i18next';
import { Clock, ShoppingCart } from 'lucide-react';
import type { Advice } from '@vowa/shared/watches/watch-schemas';
import { useFormat } from '../../lib/use-format';
import { cn } from '../../lib/cn';
import { reasonSentence } from './advice-wording';

/**
 * The buy-or-wait advice in words: Buy now or Wait, how sure (low, medium or high confidence),
 * and the reasons, strongest first.
 */
export function BuyOrWait({
  advice,
  currency,
  headingLevel = 3,
  className,
}: {
  advice: Advice;
  currency: string;
  headingLevel?: 3 | 4;
  className?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const buy = advice.advice === 'buy';
  const Icon = buy ? ShoppingCart : Clock;
  const sentences = advice.reasons
    .map((reason) => reasonSentence(reason, currency, t, format))
    .filter((sentence): sentence is string => sentence !== null);
  return (
    <section
      data-testid="buy-or-wait"
      className={cn('rounded-xl border border-line bg-raised/60 p-4', className)}
    >
      <Heading className="text-xs font-medium tracking-wide text-ink-muted uppercase">
        {t('watches.advice.heading')}
      </Heading>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className={cn(
            'inline-flex items-center gap-1.5 text-lg font-bold',
            buy ? 'text-emerald-800 dark:text-emerald-200' : 'text-amber-900 dark:text-amber-200',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
          {buy ? t('watches.advice.buy') : t('watches.advice.wait')}
        </span>
        <span className="text-sm text-ink-muted">
          {t(`watches.advice.confidence.${advice.confidence}`)}
        </span>
      </p>
      {sentences.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
          {sentences.map((sentence, index) => (
            <li key={index}>{sentence}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
