import { useTranslation } from 'react-i18next';
import { useNavBadge } from '../../lib/nav-badges';

/** A count beside a navigation entry (unread messages on Messages); nothing at zero. */
export function NavBadge({ path }: { path: string }) {
  const { t } = useTranslation();
  const count = useNavBadge(path);
  if (count === 0) return null;
  return (
    <span className="ml-1.5 rounded-full bg-violet-600 px-1.5 text-xs font-semibold text-white">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('chat.unread', { count })}</span>
    </span>
  );
}
