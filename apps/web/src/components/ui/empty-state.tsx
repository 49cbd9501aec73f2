import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A calm "nothing here (yet)" panel with an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  titleAs: Heading = 'h2',
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  titleAs?: 'h1' | 'h2' | 'h3';
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center',
        className,
      )}
    >
      <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-sky-500/15 to-violet-600/15 text-violet-700 dark:text-violet-300">
        <Icon aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </div>
      <Heading className="text-xl font-semibold tracking-tight text-ink sm:text-2xl">
        {title}
      </Heading>
      {children ? <div className="mt-2 max-w-md text-ink-muted">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
