import type { BankAccount, BankTransaction } from '@vowa/shared/finance/finance-schemas';

/** A bank-link provider failure worth telling the person about (bad login, item broken, …). */
export class BankProviderError extends Error {
  constructor(
    readonly code: string,
    readonly userMessage: string,
    readonly status: 400 | 404 | 429 | 502 = 502,
  ) {
    super(`${code}: ${userMessage}`);
    this.name = 'BankProviderError';
  }
}

/**
 * What Vowa needs from a bank-link provider. Both implementations speak Plaid's shapes; amounts
 * come back in the rules' convention (positive = money in).
 */
export type BankProvider = {
  kind: 'sandbox' | 'plaid';
  createLinkToken: (userId: string) => Promise<{ linkToken: string; expiration: string }>;
  exchangePublicToken: (
    publicToken: string,
    userId: string,
  ) => Promise<{ accessToken: string; itemId: string; institutionName: string | null }>;
  getAccounts: (accessToken: string) => Promise<BankAccount[]>;
  getBalances: (accessToken: string) => Promise<BankAccount[]>;
  getTransactions: (accessToken: string, count: number) => Promise<BankTransaction[]>;
  removeItem: (accessToken: string) => Promise<void>;
};
