import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { paymentCustomers, paymentMethods, paymentOperations, payments } from './payments-schema';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentOperationRow = typeof paymentOperations.$inferSelect;

/** Every query of the payments module over Vowa's own payment tables. */
export function createPaymentsRepository(db: Database) {
  return {
    async customer(userId: string, provider: string) {
      const [row] = await db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
        .limit(1);
      return row?.customerId;
    },

    /** Keeps the first customer recorded for the person (the provider call is idempotent). */
    async saveCustomer(userId: string, provider: string, customerId: string) {
      await db
        .insert(paymentCustomers)
        .values({ userId, provider, customerId })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row!.customerId;
    },

    async savedMethods(userId: string) {
      return db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.userId, userId),
            eq(paymentMethods.saved, true),
            isNull(paymentMethods.removedAt),
          ),
        )
        .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
    },

    async countSaved(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.userId, userId),
            eq(paymentMethods.saved, true),
            isNull(paymentMethods.removedAt),
          ),
        );
      return row?.n ?? 0;
    },

    /** The person's live method with this id (saved or one-off); undefined for anyone else's. */
    async methodOf(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.id, id),
            eq(paymentMethods.userId, userId),
            isNull(paymentMethods.removedAt),
          ),
        )
        .limit(1);
      return row;
    },

    async methodById(id: string) {
      const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
      return row;
    },

    /** The person's saved card with this fingerprint, so saving one card twice keeps one. */
    async savedWithFingerprint(userId: string, provider: string, fingerprint: string) {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.userId, userId),
            eq(paymentMethods.provider, provider),
            eq(paymentMethods.fingerprint, fingerprint),
            eq(paymentMethods.saved, true),
            isNull(paymentMethods.removedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** Records a method; one provider method is recorded once (the webhook may race the route). */
    async insertMethod(values: typeof paymentMethods.$inferInsert) {
      const [inserted] = await db
        .insert(paymentMethods)
        .values(values)
        .onConflictDoNothing({
          target: [paymentMethods.provider, paymentMethods.providerMethodId],
        })
        .returning();
      if (inserted) return inserted;
      const [existing] = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.provider, values.provider),
            eq(paymentMethods.providerMethodId, values.providerMethodId),
          ),
        );
      return existing!;
    },

    async markSaved(id: string) {
      await db.update(paymentMethods).set({ saved: true }).where(eq(paymentMethods.id, id));
    },

    async removeMethod(userId: string, id: string) {
      const [row] = await db
        .update(paymentMethods)
        .set({ removedAt: new Date() })
        .where(
          and(
            eq(paymentMethods.id, id),
            eq(paymentMethods.userId, userId),
            isNull(paymentMethods.removedAt),
          ),
        )
        .returning();
      return row;
    },

    /** Claims the person's idempotency key: the new row, or the one the key already made. */
    async claimPayment(values: typeof payments.$inferInsert) {
      const [inserted] = await db
        .insert(payments)
        .values(values)
        .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, values.userId),
            eq(payments.idempotencyKey, values.idempotencyKey),
          ),
        );
      return { row: existing!, created: false };
    },

    async paymentByKey(userId: string, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row;
    },

    async payment(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    async paymentOfUser(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)))
        .limit(1);
      return row;
    },

    async paymentByProviderId(provider: string, providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)),
        )
        .limit(1);
      return row;
    },

    async updatePayment(id: string, values: Partial<typeof payments.$inferInsert>) {
      const [row] = await db
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(payments.id, id))
        .returning();
      return row!;
    },

    async operation(paymentId: string, kind: string, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(paymentOperations)
        .where(
          and(
            eq(paymentOperations.paymentId, paymentId),
            eq(paymentOperations.kind, kind),
            eq(paymentOperations.idempotencyKey, idempotencyKey),
          ),
        )
        .limit(1);
      return row;
    },

    /** Records an operation's key: the new row, or the one the key already made. */
    async claimOperation(values: typeof paymentOperations.$inferInsert) {
      const [inserted] = await db
        .insert(paymentOperations)
        .values(values)
        .onConflictDoNothing({
          target: [
            paymentOperations.paymentId,
            paymentOperations.kind,
            paymentOperations.idempotencyKey,
          ],
        })
        .returning();
      if (inserted) return inserted;
      return (await this.operation(values.paymentId, values.kind, values.idempotencyKey))!;
    },

    /** Marks an operation done without moving money (a refund of a hold is its release). */
    async finishOperation(operationId: string, providerRefundId: string) {
      await db
        .update(paymentOperations)
        .set({ providerRefundId })
        .where(eq(paymentOperations.id, operationId));
    },

    /**
     * Marks a refund operation done and adds it to the payment, once: only the call that
     * fills in the provider's refund id counts the amount.
     */
    async completeRefund(operationId: string, providerRefundId: string) {
      await db.transaction(async (tx) => {
        const [operation] = await tx
          .update(paymentOperations)
          .set({ providerRefundId })
          .where(
            and(eq(paymentOperations.id, operationId), isNull(paymentOperations.providerRefundId)),
          )
          .returning();
        if (!operation) return;
        await tx
          .update(payments)
          .set({
            refundedMinor: sql`${payments.refundedMinor} + ${operation.amountMinor ?? 0}`,
            status: sql`case when ${payments.refundedMinor} + ${operation.amountMinor ?? 0} >= ${payments.amountMinor} then 'refunded' else ${payments.status} end`,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, operation.paymentId));
      });
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
