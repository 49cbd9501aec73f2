import { expect, request as apiRequest, test, type Locator, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
import { startClockServer, verifyThroughOutbox } from './clock-server/start-clock-server';
import { registerAccount, signInByApi, skipLoading, untilSettled } from './support';

type WatchView = {
  id: string;
  status: string;
  bookingId: string | null;
  lastCheckedAt: string | null;
  title: { destination: string };
};
type BookingView = { id: string; automatic: boolean; destination: string };

/** The signed-in browser's own API calls (its access token), as the app makes them. */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

async function addSandboxCard(page: Page) {
  await page.goto('/settings');
  await skipLoading(page);
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await untilSettled(dialog);
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry date').fill('12/34');
  await dialog.getByLabel('Security code (CVC)').fill('123');
  await dialog.getByLabel('Name on card').fill('Isabella Bird');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
}

/**
 * Budget screen: an alert threshold of 90 % of the market price (the best suggestions are below
 * it already; the ones above it are a few percent from it) and auto-booking on.
 */
async function switchOnAutoBooking(page: Page) {
  await page.goto('/financial/budget');
  await skipLoading(page);
  const threshold = page.getByRole('slider', { name: /threshold/i });
  await threshold.focus();
  await page.keyboard.press('End');
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowLeft');
  await expect(threshold).toHaveAttribute('aria-valuenow', '90');
  await page.getByRole('switch', { name: 'Auto-Booking' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'Auto-Booking Active' });
  await untilSettled(modal);
  // The modal tells the truth: the card Vowa pays with, and the threshold saved.
  await expect(modal.getByTestId('auto-booking-card')).toContainText('4242');
  await expect(modal.getByRole('region', { name: 'Active Monitoring' })).toContainText('90%');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

/** The first suggested trip not yet at the target: Book Now, not Auto-Book, on its card. */
async function tripAboveTarget(page: Page): Promise<{ card: Locator; destination: string }> {
  await page.goto('/travel/suggestions');
  await skipLoading(page);
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  const card = cards.filter({ has: page.getByRole('button', { name: 'Book Now' }) }).first();
  await expect(card).toBeVisible();
  const destination = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  return { card, destination };
}

test('auto-booking books a watched trip exactly once when its price drops, told live', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The monitor looks every second here (a minute by default), so each moved day is priced soon.
  const server = await startClockServer({ WATCH_MONITOR_EVERY_MS: '1000', JOBS_POLL_MS: '200' });
  try {
    const api = await apiRequest.newContext({ baseURL: server.url });
    const account = await registerAccount(api, { name: 'Isabella Bird' });
    await verifyThroughOutbox(api, server.dataDir, account.email);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signInByApi(page, account.email, account.password);

    await addSandboxCard(page);
    await switchOnAutoBooking(page);

    // Watch a trip whose price is above the target, then let Vowa book it automatically.
    const { card, destination } = await tripAboveTarget(page);
    await card.getByRole('button', { name: 'Watch price' }).click();
    const dialog = page.getByRole('dialog', { name: `Watch the price of ${destination}` });
    await untilSettled(dialog);
    await expect(dialog.getByText(/Vowa is watching this price/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Book it automatically at the target' }).click();
    const form = page.getByRole('dialog', { name: `Auto-Book ${destination}` });
    const second = form.getByRole('group', { name: 'Traveler 2' });
    await second.getByLabel('Given names').fill('John');
    await second.getByLabel('Family name').fill('Bishop');
    await form.getByRole('button', { name: 'Start Auto-Book' }).click();
    await expect(page.getByTestId('auto-book-notice')).toContainText(
      `Auto-booking initiated for ${destination}! You'll receive confirmation shortly.`,
    );
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // The offline provider's days go by (the injected clock) until the price reaches the target.
    const watchOf = async () =>
      (await apiGet<{ watches: WatchView[] }>(page, '/api/travel/watches')).watches.find(
        (each) => each.title.destination === destination,
      );
    let watch = await watchOf();
    for (let day = 1; day <= 40 && watch?.status !== 'booked'; day += 1) {
      const checked = watch?.lastCheckedAt;
      expect((await api.post('/api/e2e/clock', { data: { advanceHours: 24 } })).status()).toBe(200);
      // Priced on the new day, and (when it reached the target) booked.
      await expect
        .poll(
          async () => {
            watch = await watchOf();
            return watch?.lastCheckedAt !== checked && watch?.status !== 'booking';
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    }
    expect(watch?.status).toBe('booked');

    // The booking arrives live (the day's deal alerts too): the bell counts without a reload.
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 20_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await untilSettled(panel);
    const notice = panel.getByRole('link', { name: new RegExp(`Auto-booked: ${destination}`) });
    await expect(notice).toContainText('with your saved card');
    await notice.click();
    await expect(page).toHaveURL(/\/trips$/);
    await expect(page.getByRole('heading', { name: destination }).first()).toBeVisible();

    // Exactly once: one booking, the automatic one the watch points at.
    const { upcoming } = await apiGet<{ upcoming: BookingView[] }>(page, '/api/travel/bookings');
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ id: watch?.bookingId, automatic: true });

    // The Watches screen: the booked watch, its recorded prices as a chart and the advice.
    await page.getByRole('link', { name: 'Watches' }).first().click();
    await expect(page.getByRole('heading', { name: 'Price Watches', level: 1 })).toBeVisible();
    const watched = page.getByRole('article').filter({ hasText: destination });
    await expect(watched.getByText('Booked', { exact: true })).toBeVisible();
    await watched.getByRole('button', { name: 'Price history' }).click();
    await expect(watched.getByRole('img', { name: /^Price chart of \d+ days?/ })).toBeVisible();
    await expect(watched.getByRole('heading', { name: 'Buy or wait?' })).toBeVisible();
    await inBothThemes(page, 'watches, with a price history');
    await context.close();
    await api.dispose();
  } finally {
    server.process.kill();
  }
});
