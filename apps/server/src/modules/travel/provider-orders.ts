import type { BookingContact, BookingTraveller, OfferKind, ProviderOffer } from './travel-provider';

/** One order a provider confirmed, as Vowa keeps it in `travel_provider_orders`. */
export type ProviderOrder = {
  id: string;
  kind: OfferKind;
  reference: string;
  idempotencyKey: string;
  offer: ProviderOffer;
  amountMinor: number;
  currency: string;
  travellers: BookingTraveller[];
  contact: BookingContact;
  /** When the booked service starts (departure, check-in time, experience start), if known. */
  startsAt: Date | null;
  status: 'confirmed' | 'cancelled';
  refundAmountMinor: number | null;
  createdAt: Date;
  cancelledAt: Date | null;
};

/** Where providers keep their orders: the database in the app, memory on their own (unit tests). */
export type ProviderOrderStore = {
  findByKey(idempotencyKey: string): Promise<ProviderOrder | null>;
  find(id: string): Promise<ProviderOrder | null>;
  /** Adds the order; false when its id, reference or idempotency key is taken (nothing added). */
  insert(order: ProviderOrder): Promise<boolean>;
  /** Marks a confirmed order cancelled; the order as it is afterwards (null when unknown). */
  cancel(id: string, refundAmountMinor: number, at: Date): Promise<ProviderOrder | null>;
};

/** Orders in this process's memory: for a provider used without a database (unit tests). */
export function createMemoryOrderStore(): ProviderOrderStore {
  const orders = new Map<string, ProviderOrder>();
  const taken = (order: ProviderOrder) =>
    [...orders.values()].some(
      (existing) =>
        existing.id === order.id ||
        existing.reference === order.reference ||
        existing.idempotencyKey === order.idempotencyKey,
    );
  return {
    async findByKey(key) {
      return [...orders.values()].find((order) => order.idempotencyKey === key) ?? null;
    },
    async find(id) {
      return orders.get(id) ?? null;
    },
    async insert(order) {
      if (taken(order)) return false;
      orders.set(order.id, structuredClone(order));
      return true;
    },
    async cancel(id, refundAmountMinor, at) {
      const order = orders.get(id);
      if (!order) return null;
      if (order.status === 'confirmed') {
        Object.assign(order, { status: 'cancelled', refundAmountMinor, cancelledAt: at });
      }
      return structuredClone(order);
    },
  };
}
