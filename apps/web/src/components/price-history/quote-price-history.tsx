import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, LineChart } from 'lucide-react';
import { useSession } from '../../lib/session-context';
import { usePriceHistory } from '../../lib/use-price-history';
import type { WatchItem } from '../../lib/watch-actions-context';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { PriceHistory } from './price-history';

type HistoryRequest = { items: WatchItem[]; travelers: number };

/** The recorded history of these quotes (a flight, a stay, a whole trip), read on mounting. */
export function QuotePriceHistory({
  request,
  adviceHeadingLevel = 4,
}: {
  request: HistoryRequest;
  adviceHeadingLevel?: 3 | 4;
}) {
  const history = usePriceHistory(request);
  return <PriceHistory history={history} adviceHeadingLevel={adviceHeadingLevel} />;
}

/**
 * A "Price history" section that opens on request: the history is read (and recharts loaded)
 * only once someone asks for it, so a detail dialog opens as fast as before.
 */
export function PriceHistoryDisclosure({ request }: { request: HistoryRequest }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const titleId = useId();
  // Recorded prices are read for signed-in people (the chat shows these dialogs to guests too).
  if (status !== 'signed-in') return null;
  return (
    <section aria-labelledby={titleId} className="border-t border-line pt-5">
      <h3 id={titleId} className="m-0">
        <Button
          variant="ghost"
          className="-mx-2 w-[calc(100%+1rem)] justify-between px-2"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <span className="inline-flex items-center gap-2 text-base font-semibold">
            <LineChart aria-hidden="true" className="size-4 text-violet-700 dark:text-violet-300" />
            {t('watches.history.title')}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-4 transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </Button>
      </h3>
      <div id={regionId} hidden={!open} className="mt-3">
        {open ? <QuotePriceHistory request={request} /> : null}
      </div>
    </section>
  );
}
