import { useTranslation } from 'react-i18next';
import { knownBrand } from '../../lib/card-brand';

/** Brand names are the networks' own, the same in every language. */
const BRAND_NAMES = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
} as const;

export function useBrandName() {
  const { t } = useTranslation();
  return (brand: string) => {
    const known = knownBrand(brand);
    return known === 'unknown' ? t('payments.card.unknownBrand') : BRAND_NAMES[known];
  };
}

/** "12/29": the month and year as printed on cards. */
export const expiryText = (month: number, year: number) =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
