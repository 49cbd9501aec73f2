import { Trans } from 'react-i18next';
import type { PhotoCredit as Credit } from '@vowa/shared/artwork/artwork-scene';
import { cn } from '../lib/cn';

/**
 * Unsplash's required attribution, "Photo by {name} on Unsplash", with both names linked back
 * (the links carry utm_source and utm_medium=referral, set by the server).
 */
export function PhotoCredit({ credit, className }: { credit: Credit; className?: string }) {
  const link =
    'underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2';
  return (
    <p data-testid="photo-credit" className={cn('text-[0.6875rem] leading-tight', className)}>
      <Trans
        i18nKey="artwork.photoCredit"
        values={{ name: credit.photographer }}
        components={{
          author: (
            <a
              href={credit.photographerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={link}
            />
          ),
          site: (
            <a href={credit.sourceUrl} target="_blank" rel="noopener noreferrer" className={link} />
          ),
        }}
      />
    </p>
  );
}
