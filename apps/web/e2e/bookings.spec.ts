import { readFile } from 'node:fs/promises';
import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { inBothThemes } from './axe';
import { startClockServer, verifyThroughOutbox } from './clock-server/start-clock-server';
import { registerAccount, signInByApi, skipLoading, untilSettled, verifyAccount } from './support';

/** A verified, signed-in traveller on the suggestions screen. */
async function travellerOnSuggestions(page: Page, request: APIRequestContext) {
  const account = await registerAccount(request, { name: 'Isabella Bird' });
  await verifyAccount(request, account.email);
  await signInByApi(page, account.email, account.password);
  await page.goto('/travel/suggestions');
  await skipLoading(page);
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  return account;
}

const firstCard = (page: Page) => page.getByRole('tabpanel').getByRole('article').first();

/** The review step: the second traveller's names (the first come from the profile). */
async function reviewTravellers(dialog: Locator) {
  await expect(dialog.getByTestId('booking-total')).toBeVisible();
  const first = dialog.getByRole('group', { name: 'Traveller 1' });
  await expect(first.getByLabel(/Given names/)).toHaveValue('Isabella');
  await expect(first.getByLabel(/Family name/)).toHaveValue('Bird');
  const second = dialog.getByRole('group', { name: 'Traveller 2' });
  await second.getByLabel(/Given names/).fill('John');
  await second.getByLabel(/Family name/).fill('Bishop');
}

/** A new sandbox card in the payment step. */
async function enterCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date').fill('12/34');
  await dialog.getByLabel('Security code (CVC)').fill('123');
  await dialog.getByLabel('Name on card').fill('Isabella Bird');
}

test('customise a trip, book it with a sandbox card, find it in My Trips and on the profile, and cancel it within the window', async ({
  page,
  request,
}) => {
  await travellerOnSuggestions(page, request);
  const card = firstCard(page);
  const destination = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';

  await card.getByRole('button', { name: 'Customize & Book' }).click();
  const customize = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Book Trip' }) });
  await untilSettled(customize);
  const bookTrip = customize.getByRole('button', { name: 'Book Trip' });
  await expect(bookTrip).toBeEnabled({ timeout: 30_000 });
  await bookTrip.click();

  const dialog = page.getByRole('dialog', { name: `Book your trip to ${destination}` });
  await untilSettled(dialog);
  await reviewTravellers(dialog);
  await inBothThemes(page, 'the booking review');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await enterCard(dialog, '4242 4242 4242 4242');
  const pay = dialog.getByRole('button', { name: /^Pay / });
  const total = ((await pay.textContent()) ?? '').replace(/^Pay /, '').trim();
  await pay.click();

  await expect(
    dialog.getByText(`Trip to ${destination} booked successfully for ${total}!`),
  ).toBeVisible({ timeout: 30_000 });
  const reference = ((await dialog.getByTestId('booking-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^VW-/);
  await expect(dialog.getByText(/^Provider reference: /).first()).toBeVisible();
  await expect(dialog.getByText('Visa •••• 4242')).toBeVisible();

  await dialog.getByRole('link', { name: 'View My Trips' }).click();
  await expect(page).toHaveURL(/\/trips$/);
  await expect(page.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();
  const booking = page.getByTestId('trip-booking').filter({ hasText: reference });
  await expect(booking.getByTestId('trip-status')).toHaveText('Confirmed');
  await expect(booking.getByTestId('free-cancellation')).toContainText(
    'Free cancellation for 23 h',
  );
  // The booking as a calendar file, and every booking through the private subscription link.
  const download = page.waitForEvent('download');
  await booking.getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${reference}.ics`);
  expect(await readFile((await file.path()) ?? '', 'utf8')).toContain('BEGIN:VCALENDAR');
  const calendar = page.getByRole('region', { name: 'Calendar subscription' });
  await calendar.getByRole('button', { name: 'Create link' }).click();
  const link = await calendar
    .getByRole('textbox', { name: 'Calendar subscription link' })
    .inputValue();
  const feed = await request.get(new URL(link).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(reference);
  await inBothThemes(page, 'My Trips');

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('stat-trips')).toContainText('1');
  await expect(page.getByRole('region', { name: 'Recent Trips' })).toContainText(destination);

  await page.goto('/trips');
  await booking.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel your trip to ${destination}?` });
  await untilSettled(cancel);
  await expect(cancel.getByTestId('cancel-terms')).toContainText(
    `You are within the free 24-hour window: ${total} goes back to your card in full.`,
  );
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancel).toBeHidden();
  await expect(booking.getByTestId('trip-status')).toHaveText('Cancelled');
  await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled.' })).toBeAttached();
});

test('a declined card shows the card provider’s message, and another card books', async ({
  page,
  request,
}) => {
  // On a phone: the dialog is a full-height sheet with nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await travellerOnSuggestions(page, request);
  const card = firstCard(page);
  const destination = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  await card.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book your trip to ${destination}` });
  await untilSettled(dialog);
  await reviewTravellers(dialog);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await enterCard(dialog, '4000 0000 0000 0002');
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your card was declined.');

  await enterCard(dialog, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(dialog.getByText(/booked successfully for/)).toBeVisible({ timeout: 30_000 });
});

test('a price that changed since the trip was shown is accepted before booking', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const server = await startClockServer();
  try {
    const api = await apiRequest.newContext({ baseURL: server.url });
    const account = await registerAccount(api, { name: 'Isabella Bird' });
    await verifyThroughOutbox(api, server.dataDir, account.email);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signInByApi(page, account.email, account.password);
    await page.goto('/travel/suggestions');
    await skipLoading(page);
    const card = firstCard(page);
    await expect(card).toBeVisible({ timeout: 60_000 });
    const destination = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';

    // Three days later the providers price the same trip again: fares drift day by day.
    expect((await api.post('/api/e2e/clock', { data: { advanceHours: 72 } })).status()).toBe(200);
    await card.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: `Book your trip to ${destination}` });
    await untilSettled(dialog);
    const change = dialog.getByTestId('price-change');
    await expect(change).toContainText(/The providers now charge .+ instead of .+\./);
    const next = dialog.getByRole('button', { name: 'Continue to payment' });
    await expect(next).toBeDisabled();
    await dialog.getByRole('button', { name: 'Accept new price' }).click();
    const accepted = dialog.getByText(/^You accepted the new price: /);
    const [, newTotal, oldTotal] =
      /new price: (.+) instead of (.+)\.$/.exec((await accepted.textContent()) ?? '') ?? [];
    expect(newTotal).toBeTruthy();
    expect(newTotal).not.toBe(oldTotal);
    await reviewTravellers(dialog);
    await next.click();
    await enterCard(dialog, '4242 4242 4242 4242');
    const pay = dialog.getByRole('button', { name: /^Pay / });
    const total = ((await pay.textContent()) ?? '').replace(/^Pay /, '').trim();
    expect(total).toBe(newTotal);
    await pay.click();
    await expect(
      dialog.getByText(`Trip to ${destination} booked successfully for ${total}!`),
    ).toBeVisible({ timeout: 30_000 });
    await context.close();
    await api.dispose();
  } finally {
    server.process.kill();
  }
});
