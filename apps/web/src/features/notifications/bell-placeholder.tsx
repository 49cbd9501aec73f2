import { Bell } from 'lucide-react';
import { buttonVariants } from '../../components/ui/button-variants';

/**
 * Holds the bell's place while its code loads (a moment after the first paint), so the header
 * does not shift when it arrives. Hidden from assistive technology: it does nothing yet.
 */
export function BellPlaceholder() {
  return (
    <span aria-hidden="true" className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
      <Bell className="size-5" />
    </span>
  );
}
