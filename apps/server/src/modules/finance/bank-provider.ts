import type { ErrorCode } from '@vowa/shared/errors/error-codes';
import type { BankAccount, BankTransaction } from '@vowa/shared/finance/finance-schemas';

/** The error codes a bank-link failure is answered with (each fixes its HTTP status). */
export type BankErrorCode = Extract<
  ErrorCode,
  | 'bank_unknown'
  | 'bank_link_expired'
  | 'bank_login_required'
  | 'bank_credentials_incorrect'
  | 'bank_accounts_required'
  | 'bank_busy'
  | 'bank_unavailable'
>;

/** A bank-link provider failure worth telling the person about (bad login, item broken, …). */
export class BankProviderError extends Error {
  constructor(
    readonly code: string,
    readonly userMessage: string,
    readonly reason: BankErrorCode = 'bank_unavailable',
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
