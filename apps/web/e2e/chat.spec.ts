import { expect, test, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
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

test('on a phone the list and the conversation are two screens; a chat is renamed and deleted', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 800 });
  const account = await registerAccount(request, { name: 'Gertrude Bell' });
  await signInByApi(page, account.email, account.password);
  await openChat(page);
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await expect(list).toBeVisible();
  await expect(composer(page)).toBeHidden();

  // Nothing stored yet: the list is empty, and the thread is Vowa AI with its welcome.
  await page.goto('/chat');
  await skipLoading(page);
  await expect(list.getByRole('button', { name: /Vowa AI/ })).toBeVisible();
  // The conversations themselves: the list's own buttons (New group, Join with a code) aside.
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(log(page).getByText(/I'm Vowa/)).toBeVisible();
  await inBothThemes(page, 'chat');
  await ask(page, 'What can I do in Kyoto?');
  await expect(list.getByRole('button', { name: /Vowa AI|Trip to Kyoto/ }).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(composer(page)).toBeHidden();
  await list.getByRole('listitem').first().getByRole('button').click();
  await expect(composer(page)).toBeVisible();

  await page.getByRole('button', { name: 'Conversation options' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename conversation' });
  await untilSettled(rename);
  await rename.getByLabel('Name').fill('Autumn in Japan');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Autumn in Japan', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Conversation options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this conversation?' });
  await untilSettled(confirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(list).toBeVisible();
  await expect(list.getByRole('button', { name: /Autumn in Japan/ })).toHaveCount(0);
});

test('a guest is greeted, asked to sign in, and gets general answers only', async ({ page }) => {
  test.slow();
  await openChat(page);
  const greeting = log(page).getByText(/Hi, I'm Vowa, your AI travel planner/);
  await expect(greeting).toBeVisible();
  await expect(page.getByText('Guest Mode')).toBeVisible();

  await ask(page, 'Tell me about Lisbon');
  await expect(
    log(page)
      .getByText(/Portugal/)
      .last(),
  ).toBeVisible({ timeout: 20_000 });
  await ask(page, 'flights from JFK to Lisbon next Friday');
  // Searches need an account: the reply asks to sign in and shows no flight cards.
  await expect(log(page).getByRole('button', { name: 'Sign in' }).last()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('list', { name: 'Flight results' })).toHaveCount(0);
  // The guest's first exchange stays on screen while they go on.
  await expect(log(page).getByText('Tell me about Lisbon')).toBeVisible();

  await log(page).getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
});

test('a person with finances gets flights within their budget, told what is left', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await registerAccount(request, { name: 'Isabella Bird' });
  await signInByApi(page, account.email, account.password);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { authorization: `Bearer ${token}` };
  const figures = { monthlyIncome: 8000, monthlyExpenses: 3000, availableBalance: 20000 };
  expect((await request.put('/api/finance/financials', { data: figures, headers })).status()).toBe(
    200,
  );
  expect(
    (
      await request.put('/api/finance/budget_settings', { data: { maxTripBudget: 4000 }, headers })
    ).status(),
  ).toBe(200);

  await openChat(page);
  await ask(page, 'flights from JFK to Paris next Friday');
  const card = page.getByRole('list', { name: 'Flight results' }).first().getByRole('article');
  await expect(card.first()).toBeVisible({ timeout: 20_000 });
  await expect(log(page).getByText(/leaves \$[\d,.]+ of your \$4,000 trip budget/)).toBeVisible();
  await expect(
    log(page).getByRole('link', { name: 'Connect your financial information' }),
  ).toHaveCount(0);
});

test('when the assistant cannot be reached, the chat says so', async ({ page, request }) => {
  test.slow();
  const account = await registerAccount(request, { name: 'Ida Pfeiffer' });
  await signInByApi(page, account.email, account.password);
  await openChat(page);
  // The connection to the assistant breaks, as it would when the network or server goes away.
  await page.route('**/api/llm/chat/stream', (route) => route.abort('connectionreset'));
  await ask(page, 'What is there to do in Kyoto?');
  await expect(
    log(page).getByText('Sorry, there was an error contacting the AI. Please try again later.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message to Vowa' })).toBeEditable();
});
