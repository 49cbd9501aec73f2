import { useState } from 'react';
import { userInitials } from '@vowa/shared/auth/user-display';
import { cn } from '../../lib/cn';

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-28 text-4xl',
} as const;

/**
 * The user's picture, or generated initials when there is none or it fails to load, so a
 * broken image is never shown (UI.md).
 */
export function Avatar({
  user,
  size = 'md',
  alt = '',
  className,
}: {
  user: {
    avatar?: string | null;
    display_name?: string | null;
    name?: string | null;
    email?: string | null;
  };
  size?: keyof typeof sizes;
  /** The picture's text alternative; decorative (empty) by default, beside the name. */
  alt?: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = user.avatar && user.avatar !== failedSrc ? user.avatar : null;
  const base = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        className={cn(base, 'object-cover')}
        onError={() => setFailedSrc(src)}
        loading="lazy"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(base, 'bg-linear-to-br from-sky-700 to-violet-600 font-semibold text-white')}
    >
      {userInitials(user)}
    </span>
  );
}
