import { BANK_LINK_CONFIG } from '@vowa/shared/finance/finance-constants';
import type { BankAccount, BankTransaction } from '@vowa/shared/finance/finance-schemas';
import {
  Configuration,
  CountryCode,
  DepositoryAccountSubtype,
  PlaidApi,
  PlaidEnvironments,
  Products,
  type AccountBase,
  type Transaction,
} from 'plaid';
import { BankProviderError, type BankProvider } from './bank-provider';

export type PlaidSettings = {
  clientId: string;
  secret: string;
  env: 'sandbox' | 'production';
  /** Overrides the environment's host; tests point it at a local fake of Plaid's API. */
  baseUrl: string | undefined;
};

/** Plaid's personal-finance categories, named in the words the §9 rules look for. */
const PERSONAL_FINANCE_WORDS: Record<string, string> = {
  INCOME: 'Income',
  TRANSFER_IN: 'Transfer',
  FOOD_AND_DRINK: 'Food',
  TRANSPORTATION: 'Transport',
  TRAVEL: 'Transport',
  GENERAL_MERCHANDISE: 'Shopping',
  ENTERTAINMENT: 'Entertainment',
};

function toAccount(account: AccountBase): BankAccount {
  return {
    account_id: account.account_id,
    name: account.name,
    official_name: account.official_name ?? null,
    mask: account.mask ?? null,
    type: String(account.type),
    subtype: account.subtype ? String(account.subtype) : null,
    balances: {
      available: account.balances.available ?? null,
      current: account.balances.current ?? null,
      iso_currency_code: account.balances.iso_currency_code ?? null,
    },
  };
}

/** The word the §9 rules look for, from Plaid's personal-finance category. */
function ruleWord(category: Transaction['personal_finance_category']): string | undefined {
  if (!category) return undefined;
  // Plaid files rent with utilities; only the utilities themselves count as utilities.
  if (category.primary === 'RENT_AND_UTILITIES') {
    return category.detailed === 'RENT_AND_UTILITIES_RENT' ? undefined : 'Utilities';
  }
  return PERSONAL_FINANCE_WORDS[category.primary];
}

/** Plaid counts money out as positive; the rules count money in as positive. */
function toTransaction(transaction: Transaction): BankTransaction {
  const word = ruleWord(transaction.personal_finance_category);
  return {
    transaction_id: transaction.transaction_id,
    account_id: transaction.account_id,
    date: transaction.date,
    name: transaction.merchant_name ?? transaction.name,
    amount: -transaction.amount,
    category: [...(transaction.category ?? []), ...(word ? [word] : [])],
    iso_currency_code: transaction.iso_currency_code ?? null,
  };
}

type PlaidErrorBody = {
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
};

/** Turns Plaid's documented error bodies into messages for people. */
function plaidError(error: unknown): BankProviderError {
  const response = (error as { response?: { status?: number; data?: PlaidErrorBody } }).response;
  const code = response?.data?.error_code ?? 'PLAID_UNAVAILABLE';
  if (response?.status === 429 || code === 'RATE_LIMIT_EXCEEDED') {
    return new BankProviderError(
      code,
      'The bank link is busy. Please try again in a minute.',
      'bank_busy',
    );
  }
  if (code === 'ITEM_LOGIN_REQUIRED') {
    return new BankProviderError(
      code,
      'Your bank needs you to sign in again. Please reconnect.',
      'bank_login_required',
    );
  }
  if (code === 'INVALID_PUBLIC_TOKEN' || code === 'INVALID_ACCESS_TOKEN') {
    return new BankProviderError(
      code,
      'This bank connection has expired. Please start again.',
      'bank_link_expired',
    );
  }
  return new BankProviderError(
    code,
    response?.data?.display_message ?? 'The bank link service is unavailable. Please try again.',
    'bank_unavailable',
  );
}

async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    throw plaidError(error);
  }
}

/** Plaid through its official client, with the link configuration of part 2 §9. */
export function createPlaidBank(
  settings: PlaidSettings,
  now: () => Date = () => new Date(),
): BankProvider {
  const client = new PlaidApi(
    new Configuration({
      basePath: settings.baseUrl ?? PlaidEnvironments[settings.env],
      baseOptions: {
        timeout: 10_000,
        headers: { 'PLAID-CLIENT-ID': settings.clientId, 'PLAID-SECRET': settings.secret },
      },
    }),
  );
  return {
    kind: 'plaid',
    async createLinkToken(userId) {
      const data = await call(() =>
        client.linkTokenCreate({
          client_name: BANK_LINK_CONFIG.clientName,
          country_codes: [CountryCode.Us, CountryCode.Ca],
          language: BANK_LINK_CONFIG.language,
          products: [Products.Auth, Products.Transactions],
          user: { client_user_id: userId },
          account_filters: {
            depository: {
              account_subtypes: [
                DepositoryAccountSubtype.Checking,
                DepositoryAccountSubtype.Savings,
              ],
            },
          },
        }),
      );
      return { linkToken: data.link_token, expiration: data.expiration };
    },
    async exchangePublicToken(publicToken) {
      const data = await call(() => client.itemPublicTokenExchange({ public_token: publicToken }));
      return { accessToken: data.access_token, itemId: data.item_id, institutionName: null };
    },
    async getAccounts(accessToken) {
      const data = await call(() => client.accountsGet({ access_token: accessToken }));
      return data.accounts.map(toAccount);
    },
    async getBalances(accessToken) {
      const data = await call(() => client.accountsBalanceGet({ access_token: accessToken }));
      return data.accounts.map(toAccount);
    },
    async getTransactions(accessToken, count) {
      const end = now();
      const start = new Date(end.getTime() - 90 * 86_400_000);
      const data = await call(() =>
        client.transactionsGet({
          access_token: accessToken,
          start_date: start.toISOString().slice(0, 10),
          end_date: end.toISOString().slice(0, 10),
          options: { count, offset: 0 },
        }),
      );
      return data.transactions.map(toTransaction);
    },
    async removeItem(accessToken) {
      await call(() => client.itemRemove({ access_token: accessToken }));
    },
  };
}
