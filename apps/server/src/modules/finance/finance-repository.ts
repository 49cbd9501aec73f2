import { eq, lt } from 'drizzle-orm';
import type { BankAccount, BankTransaction } from '@vowa/shared/finance/finance-schemas';
import type { Database } from '../../db/database';
import {
  bankAccounts,
  bankConnections,
  bankTransactions,
  budgetSettings,
  exchangedPublicTokens,
  userFinancials,
} from './finance-schema';

/** Every query of the finance module. */
export function createFinanceRepository(db: Database) {
  return {
    async findConnection(userId: string) {
      const [row] = await db
        .select()
        .from(bankConnections)
        .where(eq(bankConnections.userId, userId))
        .limit(1);
      return row;
    },

    async saveConnection(values: {
      userId: string;
      provider: string;
      itemId: string;
      accessTokenSealed: string;
      institutionName: string | null;
    }) {
      const [row] = await db.insert(bankConnections).values(values).returning();
      if (!row) throw new Error('bank connection insert returned nothing');
      return row;
    },

    /**
     * Records a public token as exchanged; false when it already was. Atomic (the primary key
     * decides), so of two exchanges racing with one token only one succeeds.
     */
    async claimPublicToken(tokenHash: string, expiresAt: Date): Promise<boolean> {
      await db.delete(exchangedPublicTokens).where(lt(exchangedPublicTokens.expiresAt, new Date()));
      const claimed = await db
        .insert(exchangedPublicTokens)
        .values({ tokenHash, expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: exchangedPublicTokens.tokenHash });
      return claimed.length > 0;
    },

    async deleteConnection(connectionId: string) {
      await db.delete(bankConnections).where(eq(bankConnections.id, connectionId));
    },

    /** Replaces the stored accounts and transactions of a connection with a fresh fetch. */
    async replaceBankData(
      connectionId: string,
      accounts: BankAccount[],
      transactions: BankTransaction[],
    ) {
      await db.transaction(async (tx) => {
        await tx.delete(bankAccounts).where(eq(bankAccounts.connectionId, connectionId));
        await tx.delete(bankTransactions).where(eq(bankTransactions.connectionId, connectionId));
        if (accounts.length > 0) {
          await tx.insert(bankAccounts).values(
            accounts.map((account) => ({
              connectionId,
              accountId: account.account_id,
              name: account.name,
              officialName: account.official_name,
              mask: account.mask,
              type: account.type,
              subtype: account.subtype,
              available: account.balances.available,
              current: account.balances.current,
              isoCurrencyCode: account.balances.iso_currency_code,
            })),
          );
        }
        if (transactions.length > 0) {
          await tx.insert(bankTransactions).values(
            transactions.map((transaction) => ({
              connectionId,
              transactionId: transaction.transaction_id,
              accountId: transaction.account_id,
              date: transaction.date,
              name: transaction.name,
              amount: transaction.amount,
              category: transaction.category,
              isoCurrencyCode: transaction.iso_currency_code,
            })),
          );
        }
        await tx
          .update(bankConnections)
          .set({ syncedAt: new Date() })
          .where(eq(bankConnections.id, connectionId));
      });
    },

    async findFinancials(userId: string) {
      const [row] = await db
        .select()
        .from(userFinancials)
        .where(eq(userFinancials.userId, userId))
        .limit(1);
      return row;
    },

    async saveFinancials(values: typeof userFinancials.$inferInsert) {
      const { userId: _userId, ...changes } = values;
      await db
        .insert(userFinancials)
        .values(values)
        .onConflictDoUpdate({
          target: userFinancials.userId,
          set: { ...changes, updatedAt: new Date() },
        });
    },

    async deleteFinancials(userId: string) {
      await db.delete(userFinancials).where(eq(userFinancials.userId, userId));
    },

    async findBudgetSettings(userId: string) {
      const [row] = await db
        .select()
        .from(budgetSettings)
        .where(eq(budgetSettings.userId, userId))
        .limit(1);
      return row;
    },

    async saveBudgetSettings(values: typeof budgetSettings.$inferInsert) {
      const { userId: _userId, ...changes } = values;
      const [row] = await db
        .insert(budgetSettings)
        .values(values)
        .onConflictDoUpdate({
          target: budgetSettings.userId,
          set: { ...changes, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('budget settings upsert returned nothing');
      return row;
    },
  };
}

export type FinanceRepository = ReturnType<typeof createFinanceRepository>;
