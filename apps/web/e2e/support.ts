import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_OUTBOX } from './e2e-env';

let counter = 0;
export function uniqueEmail(label = 'traveller'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

/** Opens a page and presses Skip Loading, as a returning visitor would. */
export async function openApp(page: Page, url = '/') {
  await page.goto(url);
  await skipLoading(page);
}

/**
 * Gets past the loading screen by pressing Skip Loading. On a busy machine the page may take
 * most of the screen's 5 seconds to load, and the screen may leave by itself just before the
 * press: either way it is gone afterwards.
 */
export async function skipLoading(page: Page) {
  const skip = page.getByRole('button', { name: 'Skip Loading' });
  // The screen and the app behind it render together: once #root has content, the button is
  // either there or already gone.
  await expect(page.locator('#root > *').first()).toBeAttached();
  const [button] = await skip.elementHandles();
  // This screen's own button: if the screen leaves by itself meanwhile, the press fails at once
  // instead of waiting (as a locator would) for a button that is not coming back.
  await button?.click({ timeout: 5_000 }).catch(() => undefined);
  await button?.dispose();
  await expect(skip).toBeHidden();
}

type Mail = { file: string; to: string; subject: string; link: string | undefined };

async function readOutbox(): Promise<Mail[]> {
  const files = (await readdir(E2E_OUTBOX).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(E2E_OUTBOX, file), 'utf8');
      const decoded = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const header = (name: string) =>
        raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
      return {
        file,
        to: header('To'),
        subject: header('Subject'),
        link: decoded.match(/https?:\/\/[^\s"<>]+token=[A-Za-z0-9_-]+/)?.[0],
      };
    }),
  );
}

/** The newest message to `to` with `subject`, waiting for the server's mail queue. */
export async function latestMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox()).filter((m) => m.to === to && m.subject === subject).at(-1);
        return found !== undefined;
      },
      { message: `mail "${subject}" to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** Creates an account through the API (for tests whose subject is not registration). */
export async function registerAccount(
  request: APIRequestContext,
  account: { email?: string; password?: string; name?: string } = {},
) {
  const email = account.email ?? uniqueEmail();
  const password = account.password ?? 'wander-lust-42';
  const name = account.name ?? 'Ada Lovelace';
  const response = await request.post('/api/auth/register', { data: { email, password, name } });
  expect(response.status()).toBe(201);
  return { email, password, name };
}

export async function signInThroughDialog(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A signed-in page, reached by the sign-in dialog like a person would. */
export async function signedInThroughDialog(page: Page, email: string, password: string) {
  await openApp(page, '/login');
  await signInThroughDialog(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
}

/**
 * Signs the browser in for tests whose subject is not signing in: it sends the same
 * POST /api/auth/login as the dialog (its cookie jar keeps the refresh cookie; the session
 * records the browser's user agent) and puts the access token where the app keeps it, so the
 * next screen the test opens is signed in. That spares most tests the sign-in dialog and a page
 * load; tests about signing in (auth, two-step, passkey, the settings' next sign-in, wrong
 * passwords) still go through the dialog.
 */
export async function signInByApi(page: Page, email: string, password: string) {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const response = await page.context().request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token?: string };
  expect(token, `access token for ${email}`).toBeTruthy();
  // localStorage belongs to the origin: a same-origin response without the app is enough.
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token as string);
}

/** A signed-in page on the profile (see signInByApi). */
export async function signedInPage(page: Page, email: string, password: string) {
  await signInByApi(page, email, password);
  await openApp(page, '/profile');
  await expect(page).toHaveURL(/\/profile$/);
}

/** Waits until a dialog or menu has finished appearing, as a person would before clicking. */
export async function untilSettled(locator: Locator) {
  await expect(locator).toBeVisible();
  // An animation replaced mid-way (a re-render restarting it) rejects `finished` with an
  // AbortError; that still means it is no longer running, so it counts as settled.
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Verifies the account's email with the token from its newest 'Verify your email for Vowa' mail. */
export async function verifyAccount(request: APIRequestContext, email: string) {
  const mail = await latestMail(email, 'Verify your email for Vowa');
  const token = mail.link ? new URL(mail.link).searchParams.get('token') : null;
  expect(token, `verification token for ${email}`).toBeTruthy();
  const response = await request.post('/api/auth/verify_email', { data: { token } });
  expect(response.status()).toBe(200);
}

/**
 * Saves a sandbox test card for the signed-in browser (see signInByApi) through the API, for
 * tests whose subject is not adding a card: auto-booking needs a saved card (and a verified
 * address) before it can be switched on.
 */
export async function saveSandboxCardByApi(page: Page, name = 'Isabella Bird') {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.post('/api/payments/sandbox/cards', {
    headers: { Authorization: `Bearer ${token}` },
    data: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', name, save: true },
  });
  expect(response.status()).toBe(201);
}
