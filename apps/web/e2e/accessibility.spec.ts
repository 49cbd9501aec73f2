import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openApp, registerAccount, signedInPage } from './support';

/** No serious or critical axe-core violations (UI.md), in both themes. */
async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

async function inBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label} (dark)`);
  await page.evaluate(() => {
    localStorage.setItem('vowa.theme', 'light');
    document.documentElement.classList.remove('dark');
  });
  await expectAccessible(page, `${label} (light)`);
  await page.evaluate(() => {
    localStorage.setItem('vowa.theme', 'dark');
    document.documentElement.classList.add('dark');
  });
}

test('guest screens have no serious accessibility violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expectAccessible(page, 'loading screen');
  await openApp(page);
  await inBothThemes(page, 'guest landing');
  await page.getByRole('button', { name: 'Join Early Access' }).click();
  await page
    .getByRole('dialog', { name: 'Create Account' })
    .getByRole('button', { name: 'Create Account' })
    .click();
  await inBothThemes(page, 'sign-in dialog with errors');
  await openApp(page, '/reset-password?token=made-up');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await inBothThemes(page, 'invalid reset link');
});

test('signed-in screens have no serious accessibility violations', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await registerAccount(request);
  await signedInPage(page, account.email, account.password);
  await inBothThemes(page, 'protected placeholder');
  await page.getByRole('link', { name: 'Home' }).first().click();
  await inBothThemes(page, 'signed-in landing');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expectAccessible(page, 'user menu');
});
