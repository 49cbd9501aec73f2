import { DEFAULT_USER_SETTINGS, type UserSettings } from '@vowa/shared/settings/settings-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, saveCard, verifiedPerson, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

const SETTINGS = '/api/user_management/settings';
let t: TestApp;
let me: Person;
let api: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  me = await person(t.app, 'Settler');
  api = as(t.app, me);
});
afterAll(async () => {
  await t.close();
});

describe('settings', () => {
  it('need a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: SETTINGS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: SETTINGS, payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('start at the spec defaults', async () => {
    const response = await api.get(SETTINGS);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('save any subset, keep the rest, and survive for the next request', async () => {
    const saved = await api.put(SETTINGS, {
      notifications: { priceDropAlerts: true, weeklyDigest: false },
      privacy: { profileVisibility: 'private' },
      account: { language: 'fr', currency: 'EUR', timezone: 'Europe/Paris' },
    });
    expect(saved.statusCode).toBe(200);
    const expected: UserSettings = {
      notifications: {
        ...DEFAULT_USER_SETTINGS.notifications,
        priceDropAlerts: true,
        weeklyDigest: false,
      },
      privacy: { ...DEFAULT_USER_SETTINGS.privacy, profileVisibility: 'private' },
      account: {
        ...DEFAULT_USER_SETTINGS.account,
        language: 'fr',
        currency: 'EUR',
        timezone: 'Europe/Paris',
      },
    };
    expect(saved.json()).toEqual(expected);
    await api.put(SETTINGS, { privacy: { shareBucketList: true } });
    const again = (await api.get(SETTINGS)).json() as UserSettings;
    expect(again.privacy).toEqual({ ...expected.privacy, shareBucketList: true });
    expect(again.account.language).toBe('fr');
    // Someone else's settings are their own.
    const other = as(t.app, await person(t.app, 'Other'));
    expect((await other.get(SETTINGS)).json()).toEqual(DEFAULT_USER_SETTINGS);
  });

  it.each([
    [
      { account: { language: 'it' } },
      'Language must be English, Spanish, French, German or Japanese',
    ],
    [{ account: { currency: 'CHF' } }, 'Currency must be USD, EUR, GBP, JPY or CAD'],
    [{ account: { timezone: 'Mars/Olympus' } }, 'Choose one of the listed time zones'],
    [{ privacy: { profileVisibility: 'everyone' } }, 'Choose one of the listed options'],
    [{ notifications: { dealAlerts: 'yes' } }, 'Choose one of the listed options'],
  ])('refuses %o and changes nothing', async (body, detail) => {
    const before = (await api.get(SETTINGS)).json();
    const response = await api.put(SETTINGS, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe(detail);
    expect((await api.get(SETTINGS)).json()).toEqual(before);
  });

  it('ignore attempts to switch sign-in methods from here', async () => {
    const response = await api.put(SETTINGS, {
      account: { twoFactorAuth: true, biometricAuth: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ twoFactorAuth: false, biometricAuth: false });
  });

  it('share auto-booking with the budget settings: one value, both places', async () => {
    // Switching auto-booking on needs a verified address and a saved card (issue 16).
    const booker = await verifiedPerson(t, 'Booker');
    await saveCard(t.app, booker);
    const who = as(t.app, booker);
    await who.put(SETTINGS, { account: { autoBooking: true } });
    expect((await who.get('/api/finance/budget_settings')).json().autoBookingEnabled).toBe(true);
    await who.put('/api/finance/budget_settings', { autoBookingEnabled: false });
    expect((await who.get(SETTINGS)).json().account.autoBooking).toBe(false);
  });

  it('show travel prices in the chosen currency', async () => {
    const who = as(t.app, await person(t.app, 'Yen Traveller'));
    await who.put(SETTINGS, { account: { currency: 'JPY' } });
    const experiences = await who.get('/api/travel/experiences?city=Kyoto');
    expect(experiences.json().currency).toBe('JPY');
    const suggestions = await who.get('/api/travel/suggestions');
    expect(suggestions.json().currency).toBe('JPY');
    // A request may still ask for another currency.
    expect((await who.get('/api/travel/experiences?city=Kyoto&currency=GBP')).json().currency).toBe(
      'GBP',
    );
  });
});
