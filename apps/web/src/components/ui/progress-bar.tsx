import { cn } from '../../lib/cn';

/**
 * A labelled progress bar (0–100). The track and fill colours come from the caller, so it
 * reads on a banner's gradient as well as on a card.
 */
export function ProgressBar({
  value,
  label,
  className,
  fillClassName,
}: {
  value: number;
  label: string;
  /** The track: height, background. */
  className?: string;
  fillClassName?: string;
}) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 overflow-hidden rounded-full bg-raised', className)}
    >
      <div
        className={cn(
          'h-full rounded-full bg-linear-to-r from-sky-500 to-violet-600 transition-[width] duration-500 motion-reduce:transition-none',
          fillClassName,
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
