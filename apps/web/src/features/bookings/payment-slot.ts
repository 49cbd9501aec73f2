import type { ComponentType } from 'react';
import type { PaymentAction } from '@vowa/shared/payments/payment-schemas';

/** Tokenises a new card if needed; the id the booking is paid with, or the message to show. */
export type PaymentResolver = () => Promise<{ paymentMethodId: string } | { error: string }>;

/**
 * The payments feature's UI inside the booking dialog. A feature never imports another, so
 * `app/` hands the payments feature's components in through this slot.
 */
export interface PaymentSlot {
  /** Saved cards and a new-card form ("Save this card for later"); reports a resolver, or null while incomplete. */
  Choice: ComponentType<{
    onChange: (resolver: PaymentResolver | null) => void;
    disabled?: boolean;
  }>;
  /**
   * The confirmation step a payment asked for (sandbox dialog, or Stripe's next action).
   * `onDone` once the payment answered (held or not: the booking is sent again to learn which);
   * `onDismiss` when the person closed the step unanswered (nothing is sent again).
   */
  ActionStep: ComponentType<{
    action: PaymentAction;
    onDone: (completed: boolean) => void;
    onDismiss: () => void;
  }>;
}
