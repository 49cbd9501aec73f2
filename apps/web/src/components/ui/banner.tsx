import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { cn } from '../../lib/cn';

const tones = {
  error: {
    icon: AlertCircle,
    className:
      'border-red-300 bg-red-50 text-red-800 dark:border-red-400/30 dark:bg-red-500/10 dark:text-red-200',
  },
  success: {
    icon: CheckCircle2,
    className:
      'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-500/10 dark:text-emerald-200',
  },
  info: {
    icon: Info,
    className:
      'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-400/30 dark:bg-sky-500/10 dark:text-sky-100',
  },
} as const;

/** A message strip. Errors are announced at once (role=alert); others politely (role=status). */
export function Banner({
  tone,
  children,
  action,
  className,
  live = true,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
  /** False inside a live region of the caller's, which announces it instead. */
  live?: boolean;
}) {
  const { icon: Icon, className: toneClass } = tones[tone];
  return (
    <div
      role={live ? (tone === 'error' ? 'alert' : 'status') : undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        toneClass,
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
