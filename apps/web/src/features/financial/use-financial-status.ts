/**
 * What the shell shows about money: bank link and auto-booking. The bank and budget features
 * are not built yet, so this answers "not connected / off"; those issues replace the body with
 * real queries and every consumer (status bar, header) picks it up unchanged.
 */
export interface FinancialStatus {
  bankConnected: boolean;
  /** Whole currency units, when a bank is connected. */
  maxTripBudget: number | null;
  currency: string;
  autoBookingEnabled: boolean;
}

const NOT_CONNECTED: FinancialStatus = {
  bankConnected: false,
  maxTripBudget: null,
  currency: 'USD',
  autoBookingEnabled: false,
};

export function useFinancialStatus(): FinancialStatus {
  return NOT_CONNECTED;
}
