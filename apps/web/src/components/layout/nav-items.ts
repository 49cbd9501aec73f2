import type { LucideIcon } from 'lucide-react';
import {
  BellRing,
  Compass,
  Home,
  Landmark,
  ListChecks,
  Luggage,
  MessageCircle,
  PiggyBank,
} from 'lucide-react';

export interface NavItem {
  to: string;
  labelKey:
    | 'nav.home'
    | 'nav.chat'
    | 'nav.bucketList'
    | 'nav.connectBank'
    | 'nav.budget'
    | 'nav.suggestions'
    | 'nav.trips'
    | 'nav.watches';
  icon: LucideIcon;
  /** Hidden from guests (part 1 §2: items that need sign-in are hidden). */
  requiresAuth: boolean;
}

export const navItems: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: Home, requiresAuth: false },
  { to: '/chat', labelKey: 'nav.chat', icon: MessageCircle, requiresAuth: true },
  { to: '/travel/bucket-list', labelKey: 'nav.bucketList', icon: ListChecks, requiresAuth: true },
  { to: '/financial/connect', labelKey: 'nav.connectBank', icon: Landmark, requiresAuth: true },
  { to: '/financial/budget', labelKey: 'nav.budget', icon: PiggyBank, requiresAuth: true },
  { to: '/travel/suggestions', labelKey: 'nav.suggestions', icon: Compass, requiresAuth: true },
  { to: '/trips', labelKey: 'nav.trips', icon: Luggage, requiresAuth: true },
  { to: '/watches', labelKey: 'nav.watches', icon: BellRing, requiresAuth: true },
];

export function visibleNavItems(signedIn: boolean): readonly NavItem[] {
  return signedIn ? navItems : navItems.filter((item) => !item.requiresAuth);
}
