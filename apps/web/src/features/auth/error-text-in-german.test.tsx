import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorCodes } from '@vowa/shared/errors/error-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInDialog } from './sign-in-dialog';
import { de } from '../../locales/de';
import { en } from '../../locales/en';
import { es } from '../../locales/es';
import { fr } from '../../locales/fr';
import { ja } from '../../locales/ja';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { type ApiError, apiRequest, errorMessage } from '../../lib/api-client';
import { fieldErrorText } from '../../lib/error-text';
import i18n, { switchLanguage } from '../../lib/i18n';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** A call the server refuses with `body` (on the sign-in path, so a 401 is not refreshed). */
async function failure(body: object, status = 400): Promise<ApiError> {
  mockFetch(() => jsonResponse(status, body));
  return apiRequest('/auth/login', { method: 'POST', body: {} }).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );
}

describe('server error texts', () => {
  it.each([
    ['es', es],
    ['fr', fr],
    ['de', de],
    ['ja', ja],
  ])('the %s catalog translates every error code', (_language, catalog) => {
    for (const code of errorCodes) {
      expect(catalog.errors[code], code).toBeTruthy();
      expect(catalog.errors[code], code).not.toBe(en.errors[code]);
    }
  });

  it('shows the text for the code in the current language, not the English detail', async () => {
    await switchLanguage('de');
    const error = await failure(
      { detail: 'Incorrect email or password', code: 'invalid_credentials' },
      401,
    );
    expect(error.code).toBe('invalid_credentials');
    expect(errorMessage(error)).toBe('E-Mail-Adresse oder Passwort ist falsch');
    // Switching language later changes the text too: it is looked up when shown.
    await switchLanguage('ja');
    expect(errorMessage(error)).toBe('メールアドレスまたはパスワードが正しくありません');
  });

  it('falls back to the detail only for a code this build does not know', async () => {
    await switchLanguage('de');
    const unknown = await failure({ detail: 'A brand new failure', code: 'brand_new_failure' });
    expect(errorMessage(unknown)).toBe('A brand new failure');
    const none = await failure({});
    expect(errorMessage(none)).toBe(de.app.genericError);
  });

  it('translates field errors by their validation or error code', async () => {
    await switchLanguage('fr');
    expect(
      fieldErrorText({
        field: 'email',
        message: 'Please enter a valid email',
        code: 'emailInvalid',
      }),
    ).toBe(fr.validation.emailInvalid);
    expect(
      fieldErrorText({ field: 'home_airport', message: 'We do not know', code: 'unknown_airport' }),
    ).toBe(fr.errors.unknown_airport);
    expect(fieldErrorText({ field: 'x', message: 'Server words' })).toBe('Server words');
    const invalid = await failure(
      {
        detail: 'Please enter a valid email',
        code: 'validation_failed',
        errors: [{ field: 'email', message: 'Please enter a valid email', code: 'emailInvalid' }],
      },
      422,
    );
    expect(errorMessage(invalid)).toBe(fr.validation.emailInvalid);
  });
});

describe('the sign-in dialog in German', () => {
  it('shows a refused sign-in in German', async () => {
    await switchLanguage('de');
    mockFetch(() =>
      jsonResponse(401, { detail: 'Incorrect email or password', code: 'invalid_credentials' }),
    );
    const user = userEvent.setup();
    renderWithApp(<SignInDialog open initialMode="login" onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-Mail', { exact: true }), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Passwort', { exact: true }), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Anmelden' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('E-Mail-Adresse oder Passwort ist falsch');
    expect(alert).not.toHaveTextContent('Incorrect email or password');
  }, 60_000);
});
