import { expect, test } from '@playwright/test';
import { latestMail, openApp, registerAccount, signInThroughDialog, skipLoading } from './support';

test('forgot password → mailed link → new password works and the old one does not', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, { password: 'old-password-1' });
  await openApp(page, '/login');

  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset Password' });
  await forgot.getByLabel('Email').fill(account.email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    forgot.getByText('Password reset email sent! Please check your inbox.'),
  ).toBeVisible();
  // …and back to sign-in by itself, 3 seconds later.
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible({ timeout: 6_000 });

  const mail = await latestMail(account.email, 'Reset your Vowa password');
  expect(mail.link).toMatch(/\/reset-password\?token=/);
  await page.goto(mail.link as string);
  await skipLoading(page);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm New Password').fill('different-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm New Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Password reset successfully! Redirecting to login...'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  // Home, with the sign-in dialog open for the new password.
  await signInThroughDialog(page, account.email, 'old-password-1');
  await expect(page.getByRole('dialog', { name: 'Welcome Back' }).getByRole('alert')).toHaveText(
    'Incorrect email or password',
  );
  await page.keyboard.press('Escape');

  // The link is spent.
  await page.goto(mail.link as string);
  await skipLoading(page);
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();

  await openApp(page, '/login');
  await signInThroughDialog(page, account.email, 'old-password-1');
  await expect(page.getByRole('dialog', { name: 'Welcome Back' }).getByRole('alert')).toHaveText(
    'Incorrect email or password',
  );
  await signInThroughDialog(page, account.email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/profile$/);
});

test('a missing or made-up reset token shows Invalid Reset Link and goes back home', async ({
  page,
}) => {
  for (const url of ['/reset-password', '/reset-password?token=made-up-token']) {
    await openApp(page, url);
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(
      page.getByText(
        'This password reset link is invalid or has expired. Please request a new password reset.',
      ),
    ).toBeVisible();
  }
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});
