import { expect, test } from '@playwright/test';
import { expectAccessible, inBothThemes } from './axe';
import { openApp, registerAccount, signedInPage } from './support';

test('guest screens have no serious accessibility violations', async ({ page }) => {
  test.slow(); // several full axe-core scans
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
  test.slow(); // several full axe-core scans
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await registerAccount(request);
  await signedInPage(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await inBothThemes(page, 'profile');
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
  await inBothThemes(page, 'signed-in landing');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expectAccessible(page, 'user menu');
});
