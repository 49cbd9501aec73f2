import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { build } from 'esbuild';
import { E2E_PORT } from './e2e-env';
import { inBothThemes } from './axe';
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

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.join(here, '..', '..', 'server');

/** A port nothing listens on now (the OS picks it), so parallel runs never collide. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

type ClockServer = { url: string; dataDir: string; process: ChildProcess };

/**
 * Its own server on a clock the test moves (e2e/clock-server): bundled beside the server's
 * build so its npm dependencies resolve, on a free port with its own PGlite data directory under
 * the test's output. Never the main server's PostgreSQL/Redis (CI's second pass sets them): the
 * clock would move for the other tests' data too.
 */
async function startClockServer(): Promise<ClockServer> {
  const pkg = JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@vowa/'));
  const outfile = path.join(serverDir, 'dist', `e2e-clock-${E2E_PORT}`, 'main.js');
  await build({
    absWorkingDir: serverDir,
    entryPoints: [path.join(here, 'clock-server', 'clock-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = test.info().outputPath('clock-server-data');
  await rm(dataDir, { recursive: true, force: true });
  // Everything but the shared stores; the keys a server needs (the webServer's are not here).
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [outfile], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-clock-jwt-secret-that-is-long-enough-for-hs256',
      ENCRYPTION_KEY: 'e2e-clock-encryption-key-that-is-long-enough-for-hkdf',
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited (${signal ?? code})`;
  });
  try {
    await expect
      .poll(
        async () => {
          if (exited) return exited;
          return (await fetch(`${url}/api/health`).catch(() => null))?.status;
        },
        { timeout: 60_000 },
      )
      .toBe(200);
  } catch (error) {
    child.kill();
    throw new Error(
      `The clock server did not start: ${exited ?? 'no answer'}\n--- its stderr ---\n${stderr}`,
      { cause: error },
    );
  }
  return { url, dataDir, process: child };
}

/** The verification link mailed by the clock server (its own outbox). */
async function verifyThroughOutbox(api: APIRequestContext, dataDir: string, email: string) {
  const outbox = path.join(dataDir, 'outbox');
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        for (const file of await readdir(outbox).catch(() => [] as string[])) {
          const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
          if (!raw.includes(email) || !raw.includes('Verify your email')) continue;
          token = /token=([A-Za-z0-9_-]+)/.exec(raw.replace(/=3D/g, '='))?.[1] ?? null;
        }
        return token;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  expect((await api.post('/api/auth/verify_email', { data: { token } })).status()).toBe(200);
}

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
