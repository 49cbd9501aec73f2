import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A decorative spinner; the surrounding text or role="status" carries the meaning. */
export function Spinner({ className }: { className?: string }) {
  return (
    <Loader2
      aria-hidden="true"
      className={cn('size-4 animate-spin motion-reduce:animate-none', className)}
    />
  );
}
