import { expect, test } from '@playwright/test';
import {
  latestMail,
  openApp,
  registerAccount,
  signInByApi,
  signInThroughDialog,
  skipLoading,
  uniqueEmail,
} from './support';

test('register → verify by the mailed link → sign in → reload and stay signed in → sign out', async ({
  page,
}) => {
  const email = uniqueEmail('register');
  const password = 'wander-lust-42';
  await openApp(page);

  await page.getByRole('button', { name: 'Join Early Access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Join Vowa for smart budget travel planning')).toBeVisible();
  await dialog.getByLabel('Full Name').fill('Amelia Earhart');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  // Registration switches the dialog to sign-in with a confirmation.
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(login).toBeVisible();
  await expect(
    login.getByText('Registration successful! Please check your email to verify your account.'),
  ).toBeVisible();

  // The verification link from the outbox verifies the address.
  const mail = await latestMail(email, 'Verify your email for Vowa');
  expect(mail.link).toBeDefined();
  await page.goto(mail.link as string);
  await skipLoading(page);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();

  await openApp(page, '/login');
  await signInThroughDialog(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Signed In')).toBeVisible();
  // Verified: no nagging banner.
  await expect(page.getByText('Please verify your email address.', { exact: false })).toHaveCount(
    0,
  );

  await page.reload();
  await skipLoading(page);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Signed In')).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText('Amelia Earhart')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Guest Mode')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  // Signing out is not a reason to be asked to sign in again.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Signed out for real: the protected route sends us home, even after a reload.
  await page.goto('/profile');
  await skipLoading(page);
  await expect(page).toHaveURL(/\/$/);
});

test('an unverified account can sign in and is asked to verify', async ({ page, request }) => {
  const account = await registerAccount(request);
  await openApp(page, '/login');
  await signInThroughDialog(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Please verify your email address.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('Verification email sent.')).toBeVisible();
});

test('a wrong password shows the server message and stays signed out', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await openApp(page, '/login');
  await signInThroughDialog(page, account.email, 'not-my-password');
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(dialog.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await expect(page.getByText('Guest Mode')).toBeVisible();
});

test('a signed-in user arriving at / or /login is sent to /profile; Home shows the welcome', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, { name: 'Bessie Coleman' });
  await openApp(page, '/login');
  await signInThroughDialog(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);

  await openApp(page, '/');
  await expect(page).toHaveURL(/\/profile$/);
  await openApp(page, '/login');
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Bessie' })).toBeVisible();
  for (const tile of ['Start Planning', 'View Suggestions', 'Bucket List', 'Group Chat']) {
    await expect(page.getByRole('main').getByRole('link', { name: tile }).first()).toBeVisible();
  }
  // At a glance: no finances yet, so the budget panel asks to connect them; real trips below.
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
  const budget = page.getByRole('region', { name: 'Your trip budget' });
  await expect(budget.getByRole('link', { name: 'Connect now' })).toBeVisible();
  const trips = page.getByRole('region', { name: 'Best trips within your budget' });
  await expect(trips.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
  await expect(
    page
      .getByRole('region', { name: 'Bucket-list progress' })
      .getByText('No places on your bucket lists yet.'),
  ).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Group Chat' }).click();
  await expect(page).toHaveURL(/\/chat\?group=true$/);
});

test('a session survives an expired access token through one silent refresh', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await openApp(page, '/login');
  await signInThroughDialog(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);

  // A stale token, as after 15 minutes: the next call gets a 401, refreshes once and goes on.
  await page.evaluate(() => localStorage.setItem('access_token', 'expired.or.forged'));
  await page.reload();
  await skipLoading(page);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Signed In')).toBeVisible();
  // The cached user shows at once; the refreshed token lands when the refresh answers.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('access_token')))
    .not.toBe('expired.or.forged');
  await expect(page).toHaveURL(/\/profile$/);
});

test('a reload with a token past its expiry refreshes first: no screen request is refused', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await signInByApi(page, account.email, account.password);
  // The stored token as it is 15 minutes later: its own exp has passed.
  await page.evaluate(() => {
    const [header, payload, signature] = (localStorage.getItem('access_token') ?? '').split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp: number;
    };
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const stale = btoa(JSON.stringify(claims))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    localStorage.setItem('access_token', `${header}.${stale}.${signature}`);
  });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await openApp(page, '/profile');
  await expect(page.getByText('Signed In')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  expect(refused).toEqual([]);
});

test('when the refresh fails too, the browser signs out to /login', async ({ page, request }) => {
  const account = await registerAccount(request);
  await openApp(page, '/login');
  await signInThroughDialog(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.setItem('access_token', 'expired.or.forged'));
  await page.reload();
  await skipLoading(page).catch(() => {});
  await expect(page).toHaveURL(/\/(login)?$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await expect(page.getByText('Guest Mode')).toBeVisible();
});
