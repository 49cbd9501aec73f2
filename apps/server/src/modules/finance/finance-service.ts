import { BANK_LINK_CONFIG, DEFAULT_BUDGET_SETTINGS } from '@vowa/shared/finance/finance-constants';
import {
  deriveAvailableBalance,
  deriveMonthlyExpenses,
  deriveMonthlyIncome,
} from '@vowa/shared/finance/finance-rules';
import type {
  BudgetSettings,
  BudgetSettingsUpdate,
  Financials,
  ManualFinancials,
} from '@vowa/shared/finance/finance-schemas';
import {
  budgetLimitsIn,
  budgetProblem,
  defaultBudgetIn,
  shownIn,
  type BudgetLimits,
  type Money,
} from '@vowa/shared/finance/money';
import { validationMessages } from '@vowa/shared/validation/messages';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/random-token';
import type { TokenSealer } from '../../lib/token-sealer';
import type { AuthService } from '../auth/auth-service';
import { convertAmount, type ExchangeRates } from '../travel/fx/exchange-rates';
import { BankProviderError, type BankProvider } from './bank-provider';
import type { FinanceRepository } from './finance-repository';

export const financeMessages = {
  verifyFirst: 'Please verify your email address before linking a bank.',
  noBank: 'No bank is connected.',
  disconnected: 'Your bank is disconnected and its data deleted.',
  publicTokenUsed: 'This bank connection was already completed. Please start again.',
  verifyForAutoBooking: 'Please verify your email address before switching auto-booking on.',
  cardForAutoBooking: 'Save a card in Payment methods before switching auto-booking on.',
} as const;

/** Public tokens live 30 minutes (Plaid's and the sandbox's); a used one is remembered longer. */
const PUBLIC_TOKEN_MEMORY_MS = 60 * 60 * 1000;

type Dependencies = {
  repository: FinanceRepository;
  users: Pick<AuthService, 'findUserById'>;
  bank: BankProvider;
  sealer: TokenSealer;
  log: FastifyBaseLogger;
  /** Figures are kept in their own currency and shown in the user's (Settings). */
  rates: ExchangeRates;
  currencyOf: (userId: string) => Promise<string>;
  /** Payments' saved cards (a port: finance is registered before payments). */
  savedCards: { hasSavedCard(userId: string): Promise<boolean> };
  now?: () => Date;
};

const englishMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(amount);

/** "Budget must be between €400 and €43,000": the rule in the currency it was checked in. */
export function budgetProblemText(code: 'budgetInvalid' | 'budgetStep', limits: BudgetLimits) {
  return validationMessages[code]
    .replace('{{min}}', englishMoney(limits.min, limits.currency))
    .replace('{{max}}', englishMoney(limits.max, limits.currency))
    .replace('{{step}}', englishMoney(limits.step, limits.currency));
}

/** A provider error becomes a `{detail}` the person can act on; the token never appears. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BankProviderError) {
      throw new AppError(error.reason, error.userMessage);
    }
    throw error;
  }
}

/** Bank link, derived finances, manual entry and budget settings (part 2 §4, §9). */
export function createFinanceService({
  repository,
  users,
  bank,
  sealer,
  log,
  rates,
  currencyOf,
  savedCards,
  now = () => new Date(),
}: Dependencies) {
  async function requireVerified(userId: string) {
    const user = await users.findUserById(userId);
    if (!user?.emailVerifiedAt)
      throw new AppError('email_not_verified', financeMessages.verifyFirst);
  }

  /**
   * Auto-booking books and pays without asking (issue 16): switching it on needs a verified
   * address and a saved card. Once on, it stays on if the card is later removed (the job then
   * tells the person a card is needed).
   */
  async function requireAutoBookingReady(userId: string) {
    const [user, hasCard] = await Promise.all([
      users.findUserById(userId),
      savedCards.hasSavedCard(userId),
    ]);
    if (!user?.emailVerifiedAt)
      throw new AppError('email_not_verified', financeMessages.verifyForAutoBooking);
    if (!hasCard) throw new AppError('auto_booking_needs_card', financeMessages.cardForAutoBooking);
  }

  async function connectionOf(userId: string) {
    const connection = await repository.findConnection(userId);
    if (!connection) throw new AppError('bank_not_connected', financeMessages.noBank);
    return { connection, accessToken: sealer.open(connection.accessTokenSealed) };
  }

  async function financialsOf(userId: string): Promise<Financials> {
    const [row, connection, currency] = await Promise.all([
      repository.findFinancials(userId),
      repository.findConnection(userId),
      currencyOf(userId),
    ]);
    if (!row) {
      return {
        monthlyIncome: 0,
        monthlyExpenses: 0,
        availableBalance: 0,
        creditScore: 0,
        currency,
        exchangeRate: null,
        connected: false,
        source: null,
        institutionName: null,
        updatedAt: null,
      };
    }
    // Shown in the user's currency; a currency the rate table lacks stays as it is, and says so.
    const conversion =
      row.currency === currency ? null : convertAmount(rates.table(), 1, row.currency, currency);
    const shown = (amount: number) =>
      conversion ? Math.round(amount * conversion.rate * 100) / 100 : amount;
    return {
      monthlyIncome: shown(row.monthlyIncome),
      monthlyExpenses: shown(row.monthlyExpenses),
      availableBalance: shown(row.availableBalance),
      creditScore: row.creditScore,
      currency: conversion || row.currency === currency ? currency : row.currency,
      exchangeRate: conversion
        ? {
            from: row.currency,
            rate: conversion.rate,
            asOf: conversion.asOf,
            source: conversion.source,
          }
        : null,
      connected: true,
      source: row.source === 'bank' ? 'bank' : 'manual',
      institutionName: row.source === 'bank' ? (connection?.institutionName ?? null) : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * The budget settings in the person's currency: the budget converted from the currency it
   * was entered in (and the rate said), the limits stated in theirs.
   */
  async function budgetSettingsOf(userId: string): Promise<BudgetSettings> {
    const [row, currency] = await Promise.all([
      repository.findBudgetSettings(userId),
      currencyOf(userId),
    ]);
    const table = rates.table();
    const limits = budgetLimitsIn(currency, table);
    if (!row) {
      return {
        maxTripBudget: defaultBudgetIn(limits, table),
        autoBookingEnabled: DEFAULT_BUDGET_SETTINGS.autoBookingEnabled,
        priceAlertThreshold: DEFAULT_BUDGET_SETTINGS.priceAlertThreshold,
        currency: limits.currency,
        entered: null,
        exchangeRate: null,
        limits,
      };
    }
    const entered = { amount: row.maxTripBudget, currency: row.budgetCurrency };
    const shown = shownIn(table, entered, limits.currency);
    return {
      maxTripBudget: shown.amount,
      autoBookingEnabled: row.autoBookingEnabled,
      priceAlertThreshold: row.priceAlertThreshold,
      // A currency the table lacks is shown as entered, with its own limits.
      currency: shown.currency,
      entered,
      exchangeRate: shown.exchangeRate,
      limits: shown.currency === limits.currency ? limits : budgetLimitsIn(shown.currency, table),
    };
  }

  /** Fetches accounts and the last 100 transactions, stores them, and re-derives the figures. */
  async function sync(userId: string) {
    const { connection, accessToken } = await connectionOf(userId);
    const [accounts, transactions] = await viaProvider(() =>
      Promise.all([
        bank.getBalances(accessToken),
        bank.getTransactions(accessToken, BANK_LINK_CONFIG.transactionsCount),
      ]),
    );
    await repository.replaceBankData(connection.id, accounts, transactions);
    await repository.saveFinancials({
      userId,
      monthlyIncome: deriveMonthlyIncome(transactions, now()),
      monthlyExpenses: deriveMonthlyExpenses(transactions),
      availableBalance: deriveAvailableBalance(accounts),
      // Part 2 §9: bank data carries no credit score.
      creditScore: 0,
      source: 'bank',
      currency:
        accounts.find((account) => account.balances.iso_currency_code)?.balances
          .iso_currency_code ?? 'USD',
    });
    return { added: transactions.length, financials: await financialsOf(userId) };
  }

  async function removeConnection(userId: string) {
    const connection = await repository.findConnection(userId);
    if (!connection) return false;
    try {
      await bank.removeItem(sealer.open(connection.accessTokenSealed));
    } catch (error) {
      // Our copy is deleted regardless; the provider's item expires on its side.
      log.warn({ err: error, connectionId: connection.id }, 'removing the bank item failed');
    }
    await repository.deleteConnection(connection.id);
    return true;
  }

  return {
    providerKind: bank.kind,

    async createLinkToken(userId: string) {
      await requireVerified(userId);
      const token = await viaProvider(() => bank.createLinkToken(userId));
      return { link_token: token.linkToken, expiration: token.expiration, provider: bank.kind };
    },

    async exchangePublicToken(userId: string, publicToken: string) {
      await requireVerified(userId);
      const exchanged = await viaProvider(() => bank.exchangePublicToken(publicToken, userId));
      const claimed = await repository.claimPublicToken(
        hashToken(publicToken),
        new Date(Date.now() + PUBLIC_TOKEN_MEMORY_MS),
      );
      if (!claimed) throw new AppError('public_token_used', financeMessages.publicTokenUsed);
      // One bank per user: linking again replaces the earlier one.
      await removeConnection(userId);
      const connection = await repository.saveConnection({
        userId,
        provider: bank.kind,
        itemId: exchanged.itemId,
        accessTokenSealed: sealer.seal(exchanged.accessToken),
        institutionName: exchanged.institutionName,
      });
      log.info({ userId, itemId: exchanged.itemId }, 'bank linked');
      const { financials } = await sync(userId);
      return {
        access_token: connection.id,
        item_id: exchanged.itemId,
        institution_name: exchanged.institutionName,
        financials,
      };
    },

    async accounts(userId: string) {
      const { accessToken } = await connectionOf(userId);
      return viaProvider(() => bank.getAccounts(accessToken));
    },

    async balances(userId: string) {
      const { accessToken } = await connectionOf(userId);
      return viaProvider(() => bank.getBalances(accessToken));
    },

    async transactions(userId: string, count: number) {
      const { accessToken } = await connectionOf(userId);
      return viaProvider(() => bank.getTransactions(accessToken, count));
    },

    sync,

    async disconnect(userId: string) {
      if (!(await removeConnection(userId)))
        throw new AppError('bank_not_connected', financeMessages.noBank);
      const figures = await repository.findFinancials(userId);
      if (figures?.source === 'bank') await repository.deleteFinancials(userId);
      return { success: true, message: financeMessages.disconnected };
    },

    financials: financialsOf,

    async saveManualFinancials(userId: string, input: Required<ManualFinancials>) {
      // Entering figures by hand replaces a linked bank as the source.
      await removeConnection(userId);
      // Typed in the currency the user sees amounts in.
      const currency = await currencyOf(userId);
      await repository.saveFinancials({ userId, ...input, source: 'manual', currency });
      return financialsOf(userId);
    },

    async removeFinancials(userId: string) {
      await removeConnection(userId);
      await repository.deleteFinancials(userId);
    },

    budgetSettings: budgetSettingsOf,

    /** The rates amounts are converted with, for the browser's own conversions. */
    exchangeRates() {
      const table = rates.table();
      return { base: 'EUR', asOf: table.asOf, source: table.source, rates: { ...table.rates } };
    },

    async saveBudgetSettings(
      userId: string,
      changes: BudgetSettingsUpdate,
    ): Promise<BudgetSettings> {
      const [row, personCurrency] = await Promise.all([
        repository.findBudgetSettings(userId),
        currencyOf(userId),
      ]);
      if (changes.autoBookingEnabled === true && row?.autoBookingEnabled !== true) {
        await requireAutoBookingReady(userId);
      }
      const table = rates.table();
      let budget: Money;
      if (changes.maxTripBudget !== undefined) {
        // Checked and kept in the currency it was typed in (the person's, unless named).
        const limits = budgetLimitsIn(changes.currency ?? personCurrency, table);
        const problem = budgetProblem(changes.maxTripBudget, limits);
        if (problem) {
          const message = budgetProblemText(problem, limits);
          throw new AppError('validation_failed', message, [
            { field: 'maxTripBudget', message, code: problem },
          ]);
        }
        budget = { amount: changes.maxTripBudget, currency: limits.currency };
      } else if (row) {
        budget = { amount: row.maxTripBudget, currency: row.budgetCurrency };
      } else {
        // The default the person was shown, in their currency.
        const limits = budgetLimitsIn(personCurrency, table);
        budget = { amount: defaultBudgetIn(limits, table), currency: limits.currency };
      }
      await repository.saveBudgetSettings({
        userId,
        maxTripBudget: budget.amount,
        budgetCurrency: budget.currency,
        autoBookingEnabled:
          changes.autoBookingEnabled ??
          row?.autoBookingEnabled ??
          DEFAULT_BUDGET_SETTINGS.autoBookingEnabled,
        priceAlertThreshold:
          changes.priceAlertThreshold ??
          row?.priceAlertThreshold ??
          DEFAULT_BUDGET_SETTINGS.priceAlertThreshold,
      });
      return budgetSettingsOf(userId);
    },
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
