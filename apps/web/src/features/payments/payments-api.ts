import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  paymentConfigSchema,
  paymentMethodsResponseSchema,
  recordPaymentMethodResponseSchema,
  sandboxCardResponseSchema,
  sandboxConfirmResponseSchema,
  setupIntentResponseSchema,
  type SandboxCardRequest,
} from '@vowa/shared/payments/payment-schemas';
import { apiRequest } from '../../lib/api-client';
import { paymentMethodKeys } from '../../lib/booking-keys';
import { useSession } from '../../lib/session-context';

// Typed wrappers over /api/payments; every answer is parsed by the shared schemas. A card number
// only ever travels in `addSandboxCard` (the sandbox's tokenising call).

export const paymentKeys = {
  all: ['payments'] as const,
  config: ['payments', 'config'] as const,
  methods: paymentMethodKeys.of,
};

/** Which provider takes cards; it does not change while the app runs. */
export function usePaymentConfig() {
  const { user } = useSession();
  return useQuery({
    queryKey: paymentKeys.config,
    queryFn: () => apiRequest('/payments/config', { schema: paymentConfigSchema }),
    staleTime: Infinity,
    enabled: Boolean(user),
  });
}

export function usePaymentMethods() {
  const { user } = useSession();
  return useQuery({
    queryKey: paymentKeys.methods(user?.id ?? ''),
    queryFn: async () =>
      (await apiRequest('/payments/methods', { schema: paymentMethodsResponseSchema })).methods,
    enabled: Boolean(user),
  });
}

export function addSandboxCard(card: SandboxCardRequest) {
  return apiRequest('/payments/sandbox/cards', {
    method: 'POST',
    body: card,
    schema: sandboxCardResponseSchema,
  });
}

export function createSetupIntent() {
  return apiRequest('/payments/setup_intents', {
    method: 'POST',
    schema: setupIntentResponseSchema,
  });
}

export function recordSetupIntent(setupIntentId: string, save: boolean) {
  return apiRequest('/payments/methods', {
    method: 'POST',
    body: { setupIntentId, save },
    schema: recordPaymentMethodResponseSchema,
  });
}

export function confirmSandboxPayment(paymentId: string, outcome: 'complete' | 'fail') {
  return apiRequest(`/payments/sandbox/payments/${encodeURIComponent(paymentId)}/confirm`, {
    method: 'POST',
    body: { outcome },
    schema: sandboxConfirmResponseSchema,
  });
}

/** After a card is added or removed, every list of cards re-reads. */
export function useRefreshPaymentMethods() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...paymentKeys.all, 'methods'] });
}

export function useRemovePaymentMethod() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/payments/methods/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: messageResponseSchema,
      }),
    onSuccess: refresh,
  });
}
