import { focusRing } from '../ui/button-variants';

/**
 * The user menu trigger's look, shared by the menu and the placeholder shown while it loads.
 * Joined as a plain string (no class conflicts to resolve): the first class merge builds
 * tailwind-merge's tables, which belongs in the first render, not in the entry's evaluation.
 */
export const userMenuTriggerClass = `inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface py-1 pr-2 pl-1 text-sm font-medium text-ink hover:bg-raised ${focusRing}`;
