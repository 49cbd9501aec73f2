import { expect, test } from '@playwright/test';
import {
  openApp,
  registerAccount,
  signInByApi,
  signedInPage,
  signInThroughDialog,
  skipLoading,
  untilSettled,
} from './support';

// /chat is open to guests too: the assistant greets them (chat.spec.ts).
const protectedRoutes = [
  '/travel/bucket-list',
  '/profile',
  '/settings',
  '/financial/connect',
  '/financial/budget',
  '/travel/suggestions',
  '/trips',
];

test('the loading screen starts a visit: it leaves on Skip Loading or after 5 seconds, and a reload or a mailed link skips it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const skip = page.getByRole('button', { name: 'Skip Loading' });
  await expect(skip).toBeVisible();
  await skip.click();
  await expect(skip).toBeHidden();
  const heading = page.getByRole('heading', { name: 'Travel Smarter, Not Harder' });
  await expect(heading).toBeVisible();

  // The same visit: a reload goes straight to the page.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(skip).toHaveCount(0);

  // A link from a mail, opened in a new tab, lands on its task at once.
  const fromMail = await context.newPage();
  await fromMail.goto('/reset-password?token=abc');
  await expect(fromMail.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(fromMail.getByRole('button', { name: 'Skip Loading' })).toHaveCount(0);
  await fromMail.close();

  // A new tab is a new visit. The 5 seconds run on a controlled clock, so a busy machine
  // cannot blur them.
  const visit = await context.newPage();
  const start = new Date('2026-06-01T09:00:00Z');
  await visit.clock.install({ time: start });
  await visit.clock.pauseAt(new Date(start.getTime() + 1_000));
  await visit.goto('/');
  const again = visit.getByRole('button', { name: 'Skip Loading' });
  await expect(again).toBeVisible();
  await visit.clock.runFor(4_900);
  await expect(again).toBeVisible();
  await visit.clock.runFor(200);
  await expect(again).toBeHidden();
  await expect(visit.getByRole('heading', { name: 'Travel Smarter, Not Harder' })).toBeVisible();
});

test('a guest is sent from every protected route to /, asked to sign in, and taken there after', async ({
  page,
  request,
}) => {
  for (const route of protectedRoutes) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/\/$/);
  }
  await skipLoading(page);
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Guest Mode')).toBeVisible();

  const account = await registerAccount(request);
  await page.goto('/settings');
  await signInThroughDialog(page, account.email, account.password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('a guest sees only Home in the navigation; /login opens the sign-in dialog', async ({
  page,
}) => {
  await openApp(page);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  for (const hidden of ['Chat', 'Bucket List', 'Connect Bank', 'Budget', 'Suggestions', 'Trips']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText('Bank Not Connected')).toBeVisible();

  await openApp(page, '/login');
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('the signed-in shell: every protected route opens its screen', async ({ page, request }) => {
  const account = await registerAccount(request);
  await signedInPage(page, account.email, account.password);
  const nav = page.getByRole('navigation').first();
  for (const item of [
    'Home',
    'Chat',
    'Bucket List',
    'Connect Bank',
    'Budget',
    'Suggestions',
    'Trips',
  ]) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  const builtScreens: Record<string, string> = {
    '/chat': 'Messages',
    '/travel/bucket-list': 'Travel Bucket Lists',
    '/financial/connect': 'Connect Your Finances',
    '/financial/budget': 'Budget & Auto-Booking Settings',
    '/travel/suggestions': 'AI Travel Suggestions',
    '/trips': 'My Trips',
    '/profile': 'Profile',
    '/settings': 'Settings',
  };
  for (const route of ['/chat', ...protectedRoutes]) {
    await page.goto(route);
    await skipLoading(page);
    await expect(page, route).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('heading', { name: builtScreens[route], level: 1 })).toBeVisible();
  }
});

test('the theme is dark by default and the choice survives a reload', async ({ page }) => {
  await openApp(page);
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
  await skipLoading(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/dark/);
});

test('the user menu closes on an outside click', async ({ page, request }) => {
  const account = await registerAccount(request, { name: 'Valentina Tereshkova' });
  await signedInPage(page, account.email, account.password);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await untilSettled(menu);
  await page.mouse.click(5, 600);
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('on a phone the mobile menu opens and closes on a route change', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await registerAccount(request);
  await signedInPage(page, account.email, account.password);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobileNav = page.getByRole('navigation', { name: /mobile/i });
  await expect(mobileNav).toBeVisible();
  await mobileNav.getByRole('link', { name: 'Suggestions' }).click();
  await expect(page).toHaveURL(/\/travel\/suggestions$/);
  await expect(mobileNav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('Watch Demo opens the demo modal; Close and the backdrop close it', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const modal = page.getByRole('dialog', { name: 'Demo Video Coming Soon' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  await untilSettled(modal);
  await page.mouse.click(10, 10);
  await expect(modal).toBeHidden();
});

test('the guest landing shows its sections', async ({ page }) => {
  await openApp(page);
  await expect(page.getByText('Now in Beta')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Powered by AI' })).toBeVisible();
  for (const card of [
    'AI Intelligence',
    'Bank-Grade Security',
    'Instant Booking',
    'Smart Budgeting',
    'Global Reach',
    'Always On',
  ]) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  for (const step of ['Connect', 'Discover', 'Book']) {
    await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Join Beta Program' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
});

test('the header tagline fits in every language on a 1366 px screen, signed in', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const account = await registerAccount(request, { name: 'Ibn Battuta' });
  await signInByApi(page, account.email, account.password);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  for (const language of ['en', 'es', 'fr', 'de', 'ja']) {
    const saved = await request.put('/api/user_management/settings', {
      data: { account: { language } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.status()).toBe(200);
    await openApp(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const tagline = page.getByTestId('header-tagline');
    await expect(tagline).toBeVisible();
    // Truncated text is wider than its box (the ellipsis hides the rest).
    const cut = await tagline.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut, `the ${language} tagline is cut off`).toBe(false);
  }
});
