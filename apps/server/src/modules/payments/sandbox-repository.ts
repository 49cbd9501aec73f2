import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sandboxCards, sandboxPayments, sandboxRefunds } from './payments-schema';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/** The sandbox provider's own books: its cards, payment intents and refunds. */
export function createSandboxRepository(db: Database) {
  return {
    async insertCard(values: typeof sandboxCards.$inferInsert) {
      await db.insert(sandboxCards).values(values);
    },

    async card(id: string) {
      const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, id)).limit(1);
      return row;
    },

    /**
     * Inserts an intent, or answers with the one its idempotency key already made (a retry, or
     * a racing twin: the unique key lets exactly one in).
     */
    async insertPayment(values: typeof sandboxPayments.$inferInsert): Promise<SandboxPaymentRow> {
      const [inserted] = await db
        .insert(sandboxPayments)
        .values(values)
        .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
        .returning();
      if (inserted) return inserted;
      const [existing] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, values.idempotencyKey))
        .limit(1);
      if (!existing) throw new Error('sandbox payment vanished after an idempotency conflict');
      return existing;
    },

    async payment(id: string) {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, id))
        .limit(1);
      return row;
    },

    /** Moves an intent from one state to the next; undefined when it was not in `from`. */
    async moveStatus(
      id: string,
      from: string,
      to: string,
      decline?: { declineCode: string; declineMessage: string },
    ) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: to, updatedAt: new Date(), ...decline })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, from)))
        .returning();
      return row;
    },

    async refundByKey(idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
        .limit(1);
      return row;
    },

    /**
     * Records a refund and adds it to the intent in one transaction; undefined when it would
     * refund more than was captured. A racing twin with the same key gets the first refund.
     */
    async refund(values: typeof sandboxRefunds.$inferInsert) {
      return db
        .transaction(async (tx) => {
          const [refund] = await tx
            .insert(sandboxRefunds)
            .values(values)
            .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
            .returning();
          if (!refund) {
            const [existing] = await tx
              .select()
              .from(sandboxRefunds)
              .where(eq(sandboxRefunds.idempotencyKey, values.idempotencyKey));
            return existing;
          }
          const [payment] = await tx
            .update(sandboxPayments)
            .set({
              amountRefunded: sql`${sandboxPayments.amountRefunded} + ${values.amountMinor}`,
              status: sql`case when ${sandboxPayments.amountRefunded} + ${values.amountMinor} >= ${sandboxPayments.amountMinor} then 'refunded' else ${sandboxPayments.status} end`,
              updatedAt: new Date(),
            })
            .where(
              and(
                eq(sandboxPayments.id, values.paymentId),
                sql`${sandboxPayments.amountRefunded} + ${values.amountMinor} <= ${sandboxPayments.amountMinor}`,
              ),
            )
            .returning();
          if (!payment) {
            tx.rollback();
          }
          return refund;
        })
        .catch((error: unknown) => {
          if (error instanceof Error && error.name === 'TransactionRollbackError') return undefined;
          throw error;
        });
    },
  };
}
