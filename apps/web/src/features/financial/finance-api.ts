import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANK_LINK_CONFIG } from '@vowa/shared/finance/finance-constants';
import {
  budgetSettingsSchema,
  exchangeTokenResponseSchema,
  financialsSchema,
  linkTokenResponseSchema,
  sandboxInstitutionsResponseSchema,
  sandboxLoginResponseSchema,
  sandboxPublicTokenResponseSchema,
  syncResponseSchema,
  type BudgetSettings,
  type Financials,
  type ManualFinancials,
} from '@vowa/shared/finance/finance-schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { financeKeys } from '../../lib/use-financial-status';

// Typed wrappers over /api/finance and /api/plaid; every answer is parsed by the shared schemas.

/** After any change the status bar, banner and both screens re-read at once. */
function useFinanceCache() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? '';
  return {
    setFinancials(financials: Financials) {
      queryClient.setQueryData(financeKeys.financials(userId), financials);
    },
    setSettings(settings: BudgetSettings) {
      queryClient.setQueryData(financeKeys.budgetSettings(userId), settings);
    },
    invalidate() {
      return queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
  };
}

export function useSaveManualFinancials() {
  const cache = useFinanceCache();
  return useMutation({
    mutationFn: (values: ManualFinancials) =>
      apiRequest('/finance/financials', { method: 'PUT', body: values, schema: financialsSchema }),
    onSuccess: async (financials) => {
      cache.setFinancials(financials);
      await cache.invalidate();
    },
  });
}

/** Removes manual figures, or disconnects the linked bank. */
export function useDisconnectFinancials() {
  const cache = useFinanceCache();
  return useMutation({
    mutationFn: async (source: Financials['source']) => {
      if (source === 'bank') await apiRequest('/plaid/disconnect', { method: 'POST', body: {} });
      else await apiRequest('/finance/financials', { method: 'DELETE' });
    },
    onSettled: () => cache.invalidate(),
  });
}

export function useSyncBank() {
  const cache = useFinanceCache();
  return useMutation({
    mutationFn: () =>
      apiRequest('/plaid/sync', { method: 'POST', body: {}, schema: syncResponseSchema }),
    onSuccess: async ({ financials }) => {
      cache.setFinancials(financials);
      await cache.invalidate();
    },
  });
}

export function useSaveBudgetSettings() {
  const cache = useFinanceCache();
  return useMutation({
    mutationFn: (changes: Partial<BudgetSettings>) =>
      apiRequest('/finance/budget_settings', {
        method: 'PUT',
        body: changes,
        schema: budgetSettingsSchema,
      }),
    onSuccess: async (settings) => {
      cache.setSettings(settings);
      await cache.invalidate();
    },
  });
}

/** Called with the exchanged connection's figures, so the screen can show them at once. */
export function useExchangePublicToken() {
  const cache = useFinanceCache();
  return useMutation({
    mutationFn: (publicToken: string) =>
      apiRequest('/plaid/exchange_token', {
        method: 'POST',
        body: { public_token: publicToken },
        schema: exchangeTokenResponseSchema,
      }),
    onSuccess: async ({ financials }) => {
      cache.setFinancials(financials);
      await cache.invalidate();
    },
  });
}

/** The prototype's payload; the server applies BANK_LINK_CONFIG whatever is sent. */
export function createLinkToken(userId: string) {
  return apiRequest('/plaid/link_token', {
    method: 'POST',
    body: {
      clientName: BANK_LINK_CONFIG.clientName,
      countryCodes: [...BANK_LINK_CONFIG.countryCodes],
      language: BANK_LINK_CONFIG.language,
      products: [...BANK_LINK_CONFIG.products],
      accountFilters: { depository: { account_subtypes: [...BANK_LINK_CONFIG.accountSubtypes] } },
      user: { clientUserId: userId },
    },
    schema: linkTokenResponseSchema,
  });
}

export type LinkToken = z.infer<typeof linkTokenResponseSchema>;

// ---------- Vowa's sandbox bank ----------

export function fetchSandboxInstitutions(signal?: AbortSignal) {
  return apiRequest('/plaid/sandbox/institutions', {
    schema: sandboxInstitutionsResponseSchema,
    signal,
  }).then((body) => body.institutions);
}

export function sandboxLogin(body: {
  link_token: string;
  institution_id: string;
  username: string;
  password: string;
}) {
  return apiRequest('/plaid/sandbox/login', {
    method: 'POST',
    body,
    schema: sandboxLoginResponseSchema,
  }).then((answer) => answer.accounts);
}

export function sandboxPublicToken(body: {
  link_token: string;
  institution_id: string;
  account_ids: string[];
}) {
  return apiRequest('/plaid/sandbox/public_token', {
    method: 'POST',
    body,
    schema: sandboxPublicTokenResponseSchema,
  }).then((answer) => answer.public_token);
}
