import { useId } from 'react';
import { cn } from '../../lib/cn';

/** The Vowa mark: a "V" on the accent gradient. Decorative; the link around it is labelled. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0ea5e9" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path d="M17 20h8l7 17 7-17h8L36 46h-8z" fill="#fff" />
    </svg>
  );
}
