import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLiveLink } from '../../lib/live-link';

/**
 * "Reconnecting…" while the live link is down. The status region is always there, so screen
 * readers announce the words when they appear, not a region appearing.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const reconnecting = useLiveLink() === 'reconnecting';
  return (
    <div role="status" className="pointer-events-none fixed bottom-4 left-4 z-50">
      {reconnecting ? (
        <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-xs text-ink shadow-lg">
          <RefreshCw aria-hidden="true" className="size-3.5 motion-safe:animate-spin" />
          {t('status.reconnecting')}
        </p>
      ) : null}
    </div>
  );
}
