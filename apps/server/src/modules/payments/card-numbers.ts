/** Pure card-number rules: the Luhn check and the brand a number's first digits name. */

/** The Luhn (mod 10) check every card number passes; digits only. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const prefixes: [brand: string, test: (digits: string) => boolean][] = [
  ['amex', (d) => /^3[47]/.test(d)],
  ['diners', (d) => /^3(0[0-5]|[689])/.test(d)],
  ['jcb', (d) => /^35(2[89]|[3-8]\d)/.test(d)],
  ['visa', (d) => d.startsWith('4')],
  [
    'mastercard',
    (d) => /^5[1-5]/.test(d) || (Number(d.slice(0, 4)) >= 2221 && Number(d.slice(0, 4)) <= 2720),
  ],
  ['discover', (d) => /^(6011|65|64[4-9])/.test(d)],
  ['unionpay', (d) => d.startsWith('62')],
];

/** Stripe's brand names (visa, mastercard, amex, …); `unknown` for anything else. */
export function cardBrand(digits: string): string {
  return prefixes.find(([, test]) => test(digits))?.[0] ?? 'unknown';
}

/** True when the card's last valid month is before `now`'s month (UTC). */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}
