import { expect, test, type Locator, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
import {
  registerAccount,
  saveSandboxCardByApi,
  signInByApi,
  skipLoading,
  untilSettled,
  verifyAccount,
} from './support';

const SCREEN = '/travel/suggestions';
const FILTERS = ['All Trips', 'Budget Friendly', 'Hot Deals', 'Auto-Book Ready'] as const;

async function signedIn(page: Page, request: Parameters<typeof registerAccount>[0]) {
  const account = await registerAccount(request, { name: 'Isabella Bird' });
  await signInByApi(page, account.email, account.password);
  return account;
}

async function openSuggestions(page: Page) {
  await page.goto(SCREEN);
  await skipLoading(page);
  await expect(
    page.getByRole('heading', { name: 'AI Travel Suggestions', level: 1 }),
  ).toBeVisible();
}

const panel = (page: Page) => page.getByRole('tabpanel');
const cards = (page: Page) => panel(page).getByRole('article');
const tab = (page: Page, label: string) =>
  page.getByRole('tablist', { name: 'Filter trips' }).getByRole('tab', {
    name: new RegExp(`^${label} \\d+$`),
  });

async function tabCount(page: Page, label: string): Promise<number> {
  // The tab's name is its visible text: the label and the count.
  const name = ((await tab(page, label).textContent()) ?? '').trim();
  return Number(/(\d+)$/.exec(name)?.[1] ?? Number.NaN);
}

/** Budget settings through the API with the page's own bearer token, as the screen would. */
async function saveBudgetSettings(page: Page, settings: Record<string, unknown>) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.put('/api/finance/budget_settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: settings,
  });
  expect(response.status()).toBe(200);
}

async function openDialog(trigger: Locator, page: Page) {
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await untilSettled(dialog);
  return dialog;
}

test('shows trips within the budget, and each filter tab shows as many as it counts', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  await openSuggestions(page);
  await expect(cards(page).first()).toBeVisible();
  await expect(
    page.getByText('Connect your bank for personalized budget recommendations'),
  ).toBeVisible();
  await expect(page.getByText(/^From .+ \([A-Z]{3}\)$/)).toBeVisible();

  const first = cards(page).first();
  await expect(first.getByText('Total for 2 travelers')).toBeVisible();
  await expect(first.getByText(/^\d+% confidence$/)).toBeVisible();
  await expect(first.getByRole('button', { name: /^Flights / })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Hotels / })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Experiences / })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Book Now' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Customize & Book' })).toBeVisible();
  // Auto-Book is issue 16's.
  await expect(page.getByRole('button', { name: 'Auto-Book' })).toHaveCount(0);

  for (const label of ['All Trips', 'Budget Friendly', 'Hot Deals'] as const) {
    await tab(page, label).click();
    await expect(tab(page, label)).toHaveAttribute('aria-selected', 'true');
    const count = await tabCount(page, label);
    await expect(cards(page), label).toHaveCount(count);
    if (count === 0) await expect(page.getByText('No trips found')).toBeVisible();
  }
  // Auto-booking is off by default: Auto-Book Ready counts the eligible trips but shows none.
  await tab(page, 'Auto-Book Ready').click();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No trips found' })).toBeVisible();
  await page.getByRole('button', { name: 'Show All Trips' }).click();
  await expect(tab(page, 'All Trips')).toHaveAttribute('aria-selected', 'true');
  await expect(cards(page)).toHaveCount(await tabCount(page, 'All Trips'));

  // With auto-booking on (it needs a verified address and a saved card), Auto-Book Ready shows
  // what it counts.
  await verifyAccount(request, account.email);
  await saveSandboxCardByApi(page);
  await saveBudgetSettings(page, { autoBookingEnabled: true });
  await openSuggestions(page);
  await tab(page, 'Auto-Book Ready').click();
  const auto = await tabCount(page, 'Auto-Book Ready');
  await expect(cards(page)).toHaveCount(auto);
  if (auto > 0)
    await expect(cards(page).first().getByText('Eligible for auto-booking')).toBeVisible();

  // Keyboard: the arrow keys move along the tabs.
  await tab(page, 'Auto-Book Ready').focus();
  await page.keyboard.press('Home');
  await expect(tab(page, 'All Trips')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, FILTERS[1])).toHaveAttribute('aria-selected', 'true');
});

test('opens the flight, hotel and experience dialogs from a card and closes them', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openSuggestions(page);
  const card = cards(page).first();
  await expect(card).toBeVisible();

  const flights = card.getByRole('button', { name: /^Flights / });
  let dialog = await openDialog(flights, page);
  await expect(dialog.getByText('Outbound Flight')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Flight details' })).toBeVisible();
  await expect(dialog.getByText('including taxes and fees')).toBeVisible();
  await dialog.getByRole('button', { name: 'View Return Flight' }).click();
  await expect(dialog.getByText('Return Flight', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(flights).toBeFocused();

  dialog = await openDialog(card.getByRole('button', { name: /^Hotels / }), page);
  for (const section of ['About', 'Amenities', 'Hotel Policies', 'Your Stay', 'Total Price']) {
    await expect(dialog.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(dialog.getByRole('img', { name: /^\d stars?$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  dialog = await openDialog(card.getByRole('button', { name: /^Experiences / }), page);
  await expect(dialog.getByRole('region', { name: 'Quick info' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Provider' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Experience' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('modifying a flight and a hotel re-quotes them and updates the card', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openSuggestions(page);
  const card = cards(page).first();
  const price = card.getByTestId('trip-price');
  await expect(price).toBeVisible();
  const before = await price.textContent();

  let dialog = await openDialog(card.getByRole('button', { name: /^Flights / }), page);
  await dialog.getByRole('button', { name: 'Modify' }).click();
  await dialog.getByLabel('Travel class').selectOption({ label: 'Business' });
  const flightSummary = dialog.getByTestId('requote-summary');
  await expect(flightSummary).toContainText('New price');
  await expect(flightSummary).toContainText(/Difference\s*[+−-]\s?[$€£¥][\d,]+\.\d\d/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Class: Business')).toBeAttached();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(card.getByRole('button', { name: /^Flights .* Modified$/ })).toBeVisible();
  await expect(price).not.toHaveText(before ?? '');

  dialog = await openDialog(card.getByRole('button', { name: /^Hotels / }), page);
  await dialog.getByRole('button', { name: 'Modify' }).click();
  const room = dialog.getByLabel('Room type');
  const current = await room.inputValue();
  const other = await room
    .locator('option')
    .evaluateAll(
      (options, value) =>
        (options as HTMLOptionElement[]).find((option) => option.value !== value)?.label,
      current,
    );
  expect(other, 'another room type').toBeTruthy();
  await room.selectOption({ label: other ?? '' });
  const hotelSummary = dialog.getByTestId('requote-summary');
  await expect(hotelSummary).toContainText('New total');
  await expect(hotelSummary).toContainText(/Difference\s*[+−-]\s?[$€£¥][\d,]+\.\d\d/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('region', { name: 'Your Stay' })).toContainText(other ?? '');
  await dialog.getByRole('button', { name: 'Select Hotel' }).click();
  // Selecting a hotel books it (issue 14): the booking dialog opens on its review.
  const booking = page.getByRole('dialog', { name: /^Book your trip to / });
  await untilSettled(booking);
  await booking.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Hotel selected' })).toBeAttached();
  await expect(card.getByRole('button', { name: /^Hotels .* Modified Selected$/ })).toBeVisible();
});

test('a modified flight changes the card (date, class, total) and is still there after a reload', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openSuggestions(page);
  const first = cards(page).first();
  await expect(first).toBeVisible();
  const destination = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const card = cards(page).filter({
    has: page.getByRole('heading', { name: destination, exact: true }),
  });
  const price = card.getByTestId('trip-price');
  const departs = card.getByTestId('trip-departs');
  const priceBefore = await price.textContent();
  const departsBefore = await departs.textContent();

  const dialog = await openDialog(card.getByRole('button', { name: /^Flights / }), page);
  await dialog.getByRole('button', { name: 'Modify' }).click();
  await dialog.getByLabel('Travel class').selectOption({ label: 'Business' });
  const dates = dialog.getByLabel('Departure date');
  const nextDay = await dates.locator('option').nth(1).getAttribute('value');
  await dates.selectOption(nextDay ?? '');
  const summary = dialog.getByTestId('requote-summary');
  await expect(summary).toContainText(/Difference\s*[+−-]\s?[$€£¥][\d,]+\.\d\d/);
  // The details under the price already show the pending choice and the trip's new total.
  await expect(dialog.getByText('Showing your change, not saved yet')).toBeVisible();
  await expect(dialog.getByTestId('trip-total-check')).toContainText('Trip total for 2 travelers');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Class: Business')).toBeAttached();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  const expectModified = async () => {
    await expect(card.getByRole('button', { name: /^Flights .* Modified$/ })).toBeVisible();
    await expect(card.getByText(/ · Business$/).first()).toBeVisible();
    await expect(departs).not.toHaveText(departsBefore ?? '');
    await expect(price).not.toHaveText(priceBefore ?? '');
    // The savings badge tells the truth either way: a saving, or that there is none.
    await expect(card.getByText(/^Save |^No saving at this price$/)).toBeVisible();
  };
  await expectModified();
  const priceAfter = await price.textContent();
  const departsAfter = await departs.textContent();

  await page.reload();
  await skipLoading(page);
  await expect(card).toBeVisible();
  await expectModified();
  await expect(price).toHaveText(priceAfter ?? '');
  await expect(departs).toHaveText(departsAfter ?? '');
});

test('a budget too small for any trip shows No trips found; the deals list filters', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openSuggestions(page);
  await expect(cards(page).first()).toBeVisible();

  const deals = page.getByRole('region', { name: "Today's Best Deals" });
  await expect(deals.getByLabel('Deal category')).toHaveValue('all');
  await expect(deals.getByRole('article').first()).toBeVisible();
  await deals.getByLabel('Deal category').selectOption({ label: 'City' });
  await expect(
    deals.getByRole('article').first().or(deals.getByText('No deals in this category right now.')),
  ).toBeVisible();

  await saveBudgetSettings(page, { maxTripBudget: 500 });
  await openSuggestions(page);
  await expect(page.getByRole('heading', { name: 'No trips found' })).toBeVisible();
  await expect(tab(page, 'All Trips')).toHaveAccessibleName('All Trips 0');
  await page.getByRole('button', { name: 'Show All Trips' }).click();
  await expect(tab(page, 'All Trips')).toHaveAttribute('aria-selected', 'true');
});

test('the departure airport can be changed through the airport search', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openSuggestions(page);
  await expect(cards(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Change departure airport' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change departure airport' });
  await untilSettled(dialog);
  const combo = dialog.getByRole('combobox', { name: 'Airport' });
  await combo.fill('lisbon');
  const option = dialog.getByRole('option').first();
  await expect(option).toBeVisible();
  const chosen = (await option.locator('span > span').first().textContent()) ?? '';
  await combo.press('ArrowDown');
  await combo.press('Enter');
  await expect(dialog.getByText(`Leaving from ${chosen}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Airport' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`From ${chosen}`, { exact: true })).toBeVisible();
});

test('the screen and its dialogs pass axe in both themes', async ({ page, request }) => {
  test.slow();
  await signedIn(page, request);
  await openSuggestions(page);
  const card = cards(page).first();
  await expect(card).toBeVisible();
  await expect(
    page.getByRole('region', { name: "Today's Best Deals" }).getByRole('article').first(),
  ).toBeVisible();
  await inBothThemes(page, 'suggestions');

  let dialog = await openDialog(card.getByRole('button', { name: /^Flights / }), page);
  await dialog.getByRole('button', { name: 'Modify' }).click();
  await expect(dialog.getByTestId('requote-summary')).toBeVisible();
  await inBothThemes(page, 'flight dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await openDialog(card.getByRole('button', { name: /^Hotels / }), page);
  await inBothThemes(page, 'hotel dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await openDialog(card.getByRole('button', { name: /^Experiences / }), page);
  await inBothThemes(page, 'experience dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Change departure airport' }).click();
  dialog = page.getByRole('dialog', { name: 'Change departure airport' });
  await untilSettled(dialog);
  await dialog.getByRole('combobox', { name: 'Airport' }).fill('par');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await inBothThemes(page, 'airport dialog');
});
