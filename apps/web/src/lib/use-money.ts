import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { convertMoney, type Money, type RateTable } from '@vowa/shared/finance/money';
import { apiRequest } from './api-client';
import type { Cents, Formatter } from './format';
import { useSession } from './session-context';
import { useFormat } from './use-format';
import { financeKeys } from './use-financial-status';

const isRateTable = (value: unknown): value is RateTable => {
  const v = value as Partial<RateTable> | null;
  return (
    !!v &&
    typeof v.asOf === 'string' &&
    typeof v.source === 'string' &&
    typeof v.rates === 'object' &&
    v.rates !== null
  );
};

/** The server's exchange rates (the ones it converts bank figures and prices with). */
export function useExchangeRates() {
  const { user, status } = useSession();
  return useQuery({
    queryKey: [...financeKeys.all, user?.id ?? '', 'exchange-rates'] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/finance/exchange_rates', { signal });
      if (!isRateTable(answer)) throw new Error('Unexpected answer from /finance/exchange_rates');
      return answer;
    },
    enabled: status === 'signed-in' && !!user,
    staleTime: 60 * 60_000,
  });
}

/** "entered as €2,400 at 1 EUR = 1.172 USD": how a shown amount was converted. */
export function enteredAsText(
  t: TFunction,
  format: Formatter,
  entered: Money,
  rate: number,
  to: string,
): string {
  return t('common.money.enteredAs' as const, {
    amount: format.money(entered.amount, entered.currency),
    from: entered.currency,
    rate: format.number(rate, { maximumFractionDigits: 4 }),
    to,
  });
}

export type ShownMoney = {
  /** "$2,400", or "≈ $2,812" when converted. */
  text: string;
  /** How it was converted ("entered as €2,400 at 1 EUR = 1.172 USD"); null when not. */
  note: string | null;
};

/**
 * An amount stored with its currency, as this reader should see it: in their currency,
 * converted with the server's rates and saying so, or in its own currency while no rate is known.
 */
export function useMoney() {
  const { t } = useTranslation();
  const format = useFormat();
  const rates = useExchangeRates();
  const table = rates.data;
  return useCallback(
    (money: Money, cents: Cents = 'auto'): ShownMoney => {
      const to = format.currency;
      if (money.currency === to) return { text: format.money(money.amount, to, cents), note: null };
      const conversion = table ? convertMoney(table, money.amount, money.currency, to) : null;
      if (!conversion) {
        return { text: format.money(money.amount, money.currency, cents), note: null };
      }
      return {
        text: t('common.money.approx', { amount: format.money(conversion.amount, to, cents) }),
        note: enteredAsText(t, format, money, conversion.rate, to),
      };
    },
    [format, t, table],
  );
}
