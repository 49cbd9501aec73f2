import { useQuery } from '@tanstack/react-query';
import {
  BUDGET_LIMITS_CURRENCY,
  BUDGET_MAX,
  BUDGET_MIN,
  BUDGET_SLIDER_MAX,
  BUDGET_STEP,
  DEFAULT_BUDGET_SETTINGS,
} from '@vowa/shared/finance/finance-constants';
import type { BudgetSettings, Financials } from '@vowa/shared/finance/finance-schemas';
import { apiRequest } from './api-client';
import { useSession } from './session-context';

/**
 * The two finance reads every screen shares (status bar, auto-booking banner, finance screens).
 * This module is in the entry chunk, so answers get a light shape check here instead of zod.
 */
export const financeKeys = {
  all: ['finance'] as const,
  financials: (userId: string) => [...financeKeys.all, userId, 'financials'] as const,
  budgetSettings: (userId: string) => [...financeKeys.all, userId, 'budget-settings'] as const,
};

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

function invalid(path: string): never {
  throw new Error(`Unexpected answer from ${path}`);
}

export function asFinancials(value: unknown): Financials {
  const v = (value ?? {}) as Partial<Record<keyof Financials, unknown>>;
  const ok =
    isNumber(v.monthlyIncome) &&
    isNumber(v.monthlyExpenses) &&
    isNumber(v.availableBalance) &&
    isNumber(v.creditScore) &&
    typeof v.currency === 'string' &&
    typeof v.connected === 'boolean' &&
    (v.source === null || v.source === 'bank' || v.source === 'manual') &&
    isNullableString(v.institutionName) &&
    isNullableString(v.updatedAt);
  return ok ? (v as Financials) : invalid('/finance/financials');
}

export function asBudgetSettings(value: unknown): BudgetSettings {
  const v = (value ?? {}) as Partial<Record<keyof BudgetSettings, unknown>>;
  const ok =
    isNumber(v.maxTripBudget) &&
    typeof v.autoBookingEnabled === 'boolean' &&
    isNumber(v.priceAlertThreshold);
  if (!ok) invalid('/finance/budget_settings');
  const limits = v.limits as Partial<Record<keyof BudgetSettings['limits'], unknown>> | undefined;
  const limitsOk =
    !!limits &&
    typeof limits.currency === 'string' &&
    isNumber(limits.min) &&
    isNumber(limits.max) &&
    isNumber(limits.sliderMax) &&
    isNumber(limits.step);
  // An answer without its currency is in the currency the limits are defined in.
  return {
    ...(v as BudgetSettings),
    currency: typeof v.currency === 'string' ? v.currency : BUDGET_LIMITS_CURRENCY,
    entered: (v.entered as BudgetSettings['entered'] | undefined) ?? null,
    exchangeRate: (v.exchangeRate as BudgetSettings['exchangeRate'] | undefined) ?? null,
    limits: limitsOk
      ? (limits as BudgetSettings['limits'])
      : {
          currency: BUDGET_LIMITS_CURRENCY,
          min: BUDGET_MIN,
          max: BUDGET_MAX,
          sliderMax: BUDGET_SLIDER_MAX,
          step: BUDGET_STEP,
        },
  };
}

/** The signed-in user's figures (zeros and connected: false before any are entered). */
export function useFinancials() {
  const { user, status } = useSession();
  return useQuery({
    queryKey: financeKeys.financials(user?.id ?? ''),
    queryFn: async ({ signal }) =>
      asFinancials(await apiRequest('/finance/financials', { signal })),
    enabled: status === 'signed-in' && !!user,
    staleTime: 60_000,
  });
}

/** The signed-in user's budget settings (5000 / off / 80 % until changed). */
export function useBudgetSettings() {
  const { user, status } = useSession();
  return useQuery({
    queryKey: financeKeys.budgetSettings(user?.id ?? ''),
    queryFn: async ({ signal }) =>
      asBudgetSettings(await apiRequest('/finance/budget_settings', { signal })),
    enabled: status === 'signed-in' && !!user,
    staleTime: 60_000,
  });
}

/** What the shell shows about money: bank link, trip budget and auto-booking. */
export interface FinancialStatus {
  /** Financial data is there: through a linked bank or figures typed by hand (`source`). */
  bankConnected: boolean;
  source: 'bank' | 'manual' | null;
  /** Whole currency units, when financial data is connected. */
  maxTripBudget: number | null;
  autoBookingEnabled: boolean;
  priceAlertThreshold: number;
}

export function useFinancialStatus(): FinancialStatus {
  const { status } = useSession();
  const financials = useFinancials();
  const settings = useBudgetSettings();
  const signedIn = status === 'signed-in';
  const bankConnected = signedIn && financials.data?.connected === true;
  return {
    bankConnected,
    source: bankConnected ? (financials.data?.source ?? 'bank') : null,
    maxTripBudget: bankConnected
      ? (settings.data?.maxTripBudget ?? DEFAULT_BUDGET_SETTINGS.maxTripBudget)
      : null,
    autoBookingEnabled: signedIn && settings.data?.autoBookingEnabled === true,
    priceAlertThreshold:
      settings.data?.priceAlertThreshold ?? DEFAULT_BUDGET_SETTINGS.priceAlertThreshold,
  };
}
