import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { inBothThemes } from './axe';
import {
  openApp,
  registerAccount,
  signInByApi,
  signInThroughDialog,
  signedInPage,
  skipLoading,
} from './support';

/** The Settings screen's Security tab, reached as a person would. */
async function openSecurity(page: Page) {
  await openApp(page, '/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Change password', level: 2 })).toBeVisible();
}

/** A TOTP code for `secret`, `steps` 30-second periods from now. */
const totp = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('turns on two-factor authentication and signs in with a code', async ({
  page,
  browser,
  request,
}) => {
  const account = await registerAccount(request);
  await signInByApi(page, account.email, account.password);
  await openSecurity(page);

  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code to add Vowa to your authenticator app' }),
  ).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await section.getByLabel('Authentication code').fill(totp(secret));
  await section.getByRole('button', { name: 'Enable' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().innerText()).trim();
  await section.getByRole('button', { name: "I've saved them" }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  // A new browser: the password is not enough any more.
  const other = await freshPage(browser);
  await openApp(other.page, '/login');
  await signInThroughDialog(other.page, account.email, account.password);
  const dialog = other.page.getByRole('dialog', { name: 'Two-Step Verification' });
  await expect(
    dialog.getByText('Enter the 6-digit code from your authenticator app'),
  ).toBeVisible();
  // The code that enabled it cannot be replayed; the next period's code is accepted.
  await dialog.getByLabel('Authentication code').fill(totp(secret, 1));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(other.page).toHaveURL(/\/profile$/);
  await other.context.close();

  // And with a recovery code, once.
  const third = await freshPage(browser);
  await openApp(third.page, '/login');
  await signInThroughDialog(third.page, account.email, account.password);
  const step = third.page.getByRole('dialog', { name: 'Two-Step Verification' });
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(recovery);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(third.page).toHaveURL(/\/profile$/);
  await third.context.close();
});

test('adds a passkey and signs in with it', async ({ page, request }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const account = await registerAccount(request);
  await signInByApi(page, account.email, account.password);
  await openSecurity(page);

  const section = page.getByRole('region', { name: 'Biometric sign-in' });
  await section.getByLabel('Passkey name').fill('Test laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey added.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');

  // Sign out, then back in with the passkey alone.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openApp(page, '/login');
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await openSecurity(page);
  await expect(
    page.getByRole('region', { name: 'Biometric sign-in' }).getByText(/Last used/),
  ).toBeVisible();
});

test('changing the password ends the other sign-ins', async ({ page, browser, request }) => {
  const account = await registerAccount(request);
  const other = await freshPage(browser);
  await signedInPage(other.page, account.email, account.password);
  await signInByApi(page, account.email, account.password);
  await openSecurity(page);

  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(
    sessions.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();

  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password', { exact: true }).fill('a-new-password-7');
  await form.getByLabel('Confirm new password').fill('a-new-password-7');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText('Your password has been changed. Every other sign-in has been ended.'),
  ).toBeVisible();
  await expect(
    sessions.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem'),
  ).toHaveCount(1);

  // The other browser's live link is closed and its sign-in is over: it lands on sign-in by itself.
  await expect(other.page).toHaveURL(/\/login$/);
  await other.context.close();

  // This one carries on.
  await page.reload();
  await skipLoading(page);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Active sessions', level: 2 })).toBeVisible();
  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: 'a-new-password-7' },
  });
  expect(login.status()).toBe(200);
});

test('the Security tab is accessible and deletes the account', async ({ page, request }) => {
  test.slow();
  const account = await registerAccount(request);
  await signInByApi(page, account.email, account.password);
  await openSecurity(page);
  await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
  await inBothThemes(page, 'Settings, Security tab');

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
  await inBothThemes(page, 'Delete account dialog');
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);

  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);
});
