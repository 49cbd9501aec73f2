import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  BankAccount,
  BankTransaction,
  SandboxInstitution,
} from '@vowa/shared/finance/finance-schemas';
import { BankProviderError, type BankProvider } from './bank-provider';

/** The test credentials, shown on the sign-in step like Plaid's own sandbox does. */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';

const INSTITUTIONS: SandboxInstitution[] = [
  { institution_id: 'ins_vowa_1', name: 'Platypus National Bank', color: '#0ea5e9' },
  { institution_id: 'ins_vowa_2', name: 'Tartan Savings & Loan', color: '#16a34a' },
  { institution_id: 'ins_vowa_3', name: 'Houndstooth Credit Union', color: '#7c3aed' },
  { institution_id: 'ins_vowa_4', name: 'Maple Leaf Trust', color: '#dc2626' },
].map((institution) => ({
  ...institution,
  test_username: SANDBOX_USERNAME,
  test_password: SANDBOX_PASSWORD,
}));

const LINK_TOKEN_TTL_MS = 30 * 60 * 1000;

type LinkClaims = { kind: 'link'; u: string; exp: number };
type PublicClaims = { kind: 'public'; u: string; i: string; a: string[]; exp: number };
type AccessClaims = { kind: 'access'; i: string; a: string[]; seed: string };

/** Small seeded PRNG (mulberry32): the same item always gets the same accounts and history. */
function seededRandom(seed: string) {
  let state = createHmac('sha256', 'vowa-sandbox').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sandboxAccounts(institutionId: string): BankAccount[] {
  const random = seededRandom(institutionId);
  const mask = () => String(1000 + Math.floor(random() * 9000));
  return [
    {
      account_id: `${institutionId}-chk`,
      name: 'Everyday Checking',
      official_name: 'Everyday Checking Account',
      mask: mask(),
      type: 'depository',
      subtype: 'checking',
      balances: { available: 0, current: 0, iso_currency_code: 'USD' },
    },
    {
      account_id: `${institutionId}-sav`,
      name: 'High-Yield Savings',
      official_name: 'High-Yield Savings Account',
      mask: mask(),
      type: 'depository',
      subtype: 'savings',
      balances: { available: 0, current: 0, iso_currency_code: 'USD' },
    },
  ];
}

/** Merchants per category, in Plaid's legacy category lists. */
const SPENDING: { category: string[]; names: string[]; min: number; max: number }[] = [
  {
    category: ['Food and Drink', 'Restaurants'],
    names: ['Blue Bottle Coffee', 'Sweetgreen', 'Chipotle', 'Joe’s Pizza'],
    min: 6,
    max: 65,
  },
  {
    category: ['Food and Drink', 'Groceries'],
    names: ['Whole Foods Market', 'Trader Joe’s', 'Safeway'],
    min: 25,
    max: 160,
  },
  { category: ['Transport', 'Taxi'], names: ['Uber', 'Lyft'], min: 9, max: 48 },
  {
    category: ['Transport', 'Public Transportation'],
    names: ['MTA', 'BART Clipper'],
    min: 3,
    max: 40,
  },
  { category: ['Shopping', 'Clothing'], names: ['Uniqlo', 'Patagonia', 'Zara'], min: 20, max: 180 },
  { category: ['Shopping', 'Online'], names: ['Amazon', 'Etsy'], min: 10, max: 120 },
  {
    category: ['Entertainment', 'Movies'],
    names: ['AMC Theatres', 'Netflix', 'Spotify'],
    min: 9,
    max: 35,
  },
  {
    category: ['Utilities', 'Electric'],
    names: ['Pacific Gas & Electric', 'Con Edison'],
    min: 60,
    max: 140,
  },
  {
    category: ['Utilities', 'Internet'],
    names: ['Comcast Xfinity', 'Verizon Fios'],
    min: 55,
    max: 90,
  },
  { category: ['Healthcare', 'Pharmacy'], names: ['CVS Pharmacy', 'Walgreens'], min: 8, max: 45 },
];

const round = (value: number) => Math.round(value * 100) / 100;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A month of realistic activity for an item, ending today: two paydays, a transfer into
 * savings, rent, and everyday spending — 100 transactions, newest first.
 */
function sandboxTransactions(claims: AccessClaims, now: Date): BankTransaction[] {
  const random = seededRandom(claims.seed);
  const [checking, savings] = [claims.a[0] ?? '', claims.a[1] ?? claims.a[0] ?? ''];
  const salary = round(2_400 + Math.floor(random() * 20) * 100);
  const daysAgo = (days: number) => isoDate(new Date(now.getTime() - days * 86_400_000));
  const transactions: Omit<BankTransaction, 'transaction_id'>[] = [
    {
      account_id: checking,
      date: daysAgo(3),
      name: 'ACME Corp Payroll',
      amount: salary,
      category: ['Transfer', 'Payroll', 'Income'],
      iso_currency_code: 'USD',
    },
    {
      account_id: checking,
      date: daysAgo(17),
      name: 'ACME Corp Payroll',
      amount: salary,
      category: ['Transfer', 'Payroll', 'Income'],
      iso_currency_code: 'USD',
    },
    {
      account_id: savings,
      date: daysAgo(10),
      name: 'Mobile Check Deposit',
      amount: round(150 + random() * 300),
      category: ['Transfer', 'Deposit'],
      iso_currency_code: 'USD',
    },
    {
      account_id: checking,
      date: daysAgo(1),
      name: 'Greenview Apartments Rent',
      amount: -round(1_400 + Math.floor(random() * 8) * 100),
      category: ['Payment', 'Rent'],
      iso_currency_code: 'USD',
    },
    {
      account_id: checking,
      date: daysAgo(12),
      name: 'Transfer to Savings',
      amount: -300,
      category: ['Transfer', 'Internal Account Transfer'],
      iso_currency_code: 'USD',
    },
  ];
  while (transactions.length < 100) {
    const kind = SPENDING[Math.floor(random() * SPENDING.length)]!;
    const name = kind.names[Math.floor(random() * kind.names.length)]!;
    transactions.push({
      account_id: checking,
      date: daysAgo(Math.floor(random() * 29)),
      name,
      amount: -round(kind.min + random() * (kind.max - kind.min)),
      category: kind.category,
      iso_currency_code: 'USD',
    });
  }
  return transactions
    .map((transaction, index) => ({
      ...transaction,
      transaction_id: `${claims.seed.slice(0, 12)}-${String(index).padStart(3, '0')}`,
    }))
    .sort(
      (a, b) => b.date.localeCompare(a.date) || a.transaction_id.localeCompare(b.transaction_id),
    );
}

/**
 * Vowa's own test bank: the Link flow and data shapes of Plaid, with no account anywhere. Its
 * tokens are signed, self-contained claims, so any instance can verify them.
 */
export function createSandboxBank(secret: string, now: () => Date = () => new Date()) {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest('base64url');
  const encode = (prefix: string, claims: object) => {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${prefix}-${payload}.${sign(payload)}`;
  };
  function decode<T extends { kind: string }>(
    token: string,
    prefix: string,
    kind: T['kind'],
  ): T | null {
    if (!token.startsWith(`${prefix}-`)) return null;
    const [payload, signature] = token.slice(prefix.length + 1).split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as T & {
        exp?: number;
      };
      if (claims.kind !== kind) return null;
      if (claims.exp !== undefined && claims.exp < now().getTime()) return null;
      return claims;
    } catch {
      return null;
    }
  }

  const invalidLink = () =>
    new BankProviderError(
      'INVALID_LINK_TOKEN',
      'This bank connection has expired. Please start again.',
      'bank_link_expired',
    );

  function institution(id: string) {
    const found = INSTITUTIONS.find((candidate) => candidate.institution_id === id);
    if (!found) throw new BankProviderError('INVALID_INSTITUTION', 'Unknown bank.', 'bank_unknown');
    return found;
  }

  function accessClaims(accessToken: string) {
    const claims = decode<AccessClaims>(accessToken, 'access-sandbox', 'access');
    if (!claims) {
      throw new BankProviderError(
        'ITEM_LOGIN_REQUIRED',
        'Please reconnect your bank.',
        'bank_login_required',
      );
    }
    return claims;
  }

  function balancesFor(claims: AccessClaims): BankAccount[] {
    const transactions = sandboxTransactions(claims, now());
    const random = seededRandom(`${claims.seed}-balances`);
    return sandboxAccounts(claims.i)
      .filter((account) => claims.a.includes(account.account_id))
      .map((account) => {
        const flow = transactions
          .filter((t) => t.account_id === account.account_id)
          .reduce((sum, t) => sum + t.amount, 0);
        const opening =
          account.subtype === 'savings' ? 6_000 + random() * 9_000 : 1_500 + random() * 2_000;
        const current = round(Math.max(0, opening + flow));
        return {
          ...account,
          balances: {
            available: account.subtype === 'savings' ? current : round(Math.max(0, current - 42.5)),
            current,
            iso_currency_code: 'USD',
          },
        };
      });
  }

  const provider: BankProvider = {
    kind: 'sandbox',
    async createLinkToken(userId) {
      const exp = now().getTime() + LINK_TOKEN_TTL_MS;
      return {
        linkToken: encode('link-sandbox', { kind: 'link', u: userId, exp } satisfies LinkClaims),
        expiration: new Date(exp).toISOString(),
      };
    },
    async exchangePublicToken(publicToken, userId) {
      const claims = decode<PublicClaims>(publicToken, 'public-sandbox', 'public');
      if (!claims || claims.u !== userId) {
        throw new BankProviderError(
          'INVALID_PUBLIC_TOKEN',
          'This bank connection has expired. Please start again.',
          'bank_link_expired',
        );
      }
      const seed = randomBytes(12).toString('base64url');
      const accessToken = encode('access-sandbox', {
        kind: 'access',
        i: claims.i,
        a: claims.a,
        seed,
      } satisfies AccessClaims);
      return {
        accessToken,
        itemId: `item-sandbox-${seed}`,
        institutionName: institution(claims.i).name,
      };
    },
    async getAccounts(accessToken) {
      return balancesFor(accessClaims(accessToken));
    },
    async getBalances(accessToken) {
      return balancesFor(accessClaims(accessToken));
    },
    async getTransactions(accessToken, count) {
      return sandboxTransactions(accessClaims(accessToken), now()).slice(0, count);
    },
    async removeItem(accessToken) {
      accessClaims(accessToken);
    },
  };

  return {
    provider,
    institutions: () => INSTITUTIONS,
    /** The sign-in step of the Link-like flow. */
    login(
      linkToken: string,
      userId: string,
      institutionId: string,
      username: string,
      password: string,
    ) {
      const claims = decode<LinkClaims>(linkToken, 'link-sandbox', 'link');
      if (!claims || claims.u !== userId) throw invalidLink();
      institution(institutionId);
      if (username !== SANDBOX_USERNAME || password !== SANDBOX_PASSWORD) {
        throw new BankProviderError(
          'INVALID_CREDENTIALS',
          'The username or password you entered is incorrect.',
          'bank_credentials_incorrect',
        );
      }
      return sandboxAccounts(institutionId).map(({ account_id, name, mask, subtype }) => ({
        account_id,
        name,
        mask,
        subtype,
      }));
    },
    /** The last step: the chosen accounts become a public token for the server to exchange. */
    publicToken(linkToken: string, userId: string, institutionId: string, accountIds: string[]) {
      const claims = decode<LinkClaims>(linkToken, 'link-sandbox', 'link');
      if (!claims || claims.u !== userId) throw invalidLink();
      const offered = sandboxAccounts(institution(institutionId).institution_id).map(
        (a) => a.account_id,
      );
      const chosen = [...new Set(accountIds)].filter((id) => offered.includes(id));
      if (chosen.length === 0)
        throw new BankProviderError(
          'INVALID_ACCOUNTS',
          'Choose at least one account.',
          'bank_accounts_required',
        );
      return encode('public-sandbox', {
        kind: 'public',
        u: userId,
        i: institutionId,
        a: chosen,
        exp: now().getTime() + LINK_TOKEN_TTL_MS,
      } satisfies PublicClaims);
    },
  };
}

export type SandboxBank = ReturnType<typeof createSandboxBank>;
