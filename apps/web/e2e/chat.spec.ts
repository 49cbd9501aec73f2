import { expect, test, type Page } from '@playwright/test';
import { registerAccount, signInByApi, skipLoading, untilSettled } from './support';

async function openChat(page: Page) {
  await page.goto('/chat');
  await skipLoading(page);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message to Vowa' });
const log = (page: Page) => page.getByRole('log', { name: 'Messages in this conversation' });

async function ask(page: Page, message: string) {
  await composer(page).fill(message);
  await composer(page).press('Enter');
  await expect(log(page).getByText(message)).toBeVisible();
}

test('a signed-in person asks for flights, opens one, modifies it; a trip chat survives a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await registerAccount(request, { name: 'Freya Stark' });
  await signInByApi(page, account.email, account.password);
  await openChat(page);
  await expect(page.getByRole('heading', { name: 'Vowa AI', level: 2 })).toBeVisible();
  await expect(composer(page)).toHaveAttribute('placeholder', 'Ask Vowa anything about travel...');

  // Part 2 §4: a message to the assistant naming a destination ('to London') opens its trip chat.
  await ask(page, 'flights from JFK to London next Friday');
  await expect(page.getByRole('heading', { name: 'Trip to London', level: 2 })).toBeVisible();
  const flights = page.getByRole('list', { name: 'Flight results' }).first();
  const card = flights.getByRole('article').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText(/[$€£¥][\d,]+/);
  await expect(card).toContainText('JFK');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog');
  await untilSettled(dialog);
  await dialog.getByRole('button', { name: 'Modify' }).click();
  await dialog.getByLabel('Travel class').selectOption({ label: 'Business' });
  await expect(dialog.getByTestId('requote-summary')).toContainText('New price');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Class: Business')).toBeAttached();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  const list = page.getByRole('navigation', { name: 'Conversations' });
  await list.getByRole('button', { name: /Vowa AI/ }).click();
  await expect(page.getByRole('heading', { name: 'Vowa AI', level: 2 })).toBeVisible();
  await ask(page, 'I want to plan a trip to Lisbon');
  await expect(page.getByRole('heading', { name: 'Trip to Lisbon', level: 2 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(list.getByRole('button', { name: /Trip to Lisbon/ })).toBeVisible();
  await expect(log(page).getByText('I want to plan a trip to Lisbon')).toBeVisible();

  await page.reload();
  await skipLoading(page);
  await expect(list.getByRole('button', { name: /Trip to Lisbon/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /Trip to London/ })).toBeVisible();
  await list.getByRole('button', { name: /Trip to Lisbon/ }).click();
  await expect(page.getByRole('heading', { name: 'Trip to Lisbon', level: 2 })).toBeVisible();
  await expect(log(page).getByText('I want to plan a trip to Lisbon')).toBeVisible();
});
