import { vi } from 'vitest';
import type { BudgetSettings, Financials } from '@vowa/shared/finance/finance-schemas';

export const unconnected: Financials = {
  monthlyIncome: 0,
  monthlyExpenses: 0,
  availableBalance: 0,
  creditScore: 0,
  currency: 'USD',
  exchangeRate: null,
  connected: false,
  source: null,
  institutionName: null,
  updatedAt: null,
};

export function makeFinancials(overrides: Partial<Financials> = {}): Financials {
  return {
    monthlyIncome: 6789,
    monthlyExpenses: 2100,
    availableBalance: 12000,
    creditScore: 0,
    currency: 'USD',
    exchangeRate: null,
    connected: true,
    source: 'manual',
    institutionName: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const usdLimits: BudgetSettings['limits'] = {
  currency: 'USD',
  min: 500,
  max: 50_000,
  sliderMax: 20_000,
  step: 100,
};

export const defaultSettings: BudgetSettings = {
  maxTripBudget: 5000,
  autoBookingEnabled: false,
  priceAlertThreshold: 80,
  currency: 'USD',
  entered: null,
  exchangeRate: null,
  limits: usdLimits,
};

/** Radix Slider measures itself; jsdom has no ResizeObserver. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
