import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@vowa/shared/settings/settings-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { makeItem } from './bucket-test-data';
import { ItemCard } from './item-card';

// Issue 13: a cost typed as €2,400 is never shown as $2,400.
describe('ItemCard cost in the reader’s currency', () => {
  const rates = {
    base: 'EUR',
    asOf: '2025-06-30',
    source: 'bundled',
    rates: { EUR: 1, USD: 1.172, JPY: 169.2 },
  };
  function signedInAs(currency: string) {
    localStorage.setItem('access_token', 'jwt');
    mockFetch(({ path }) => {
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path === '/user_management/settings')
        return jsonResponse(200, {
          ...DEFAULT_USER_SETTINGS,
          account: { ...DEFAULT_USER_SETTINGS.account, currency },
        });
      if (path === '/finance/exchange_rates') return jsonResponse(200, rates);
      return jsonResponse(404, { detail: 'Not found.' });
    });
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  const renderCost = (estimatedCost: number, costCurrency: string) =>
    renderWithApp(
      <ItemCard
        item={makeItem({ estimatedCost, costCurrency })}
        canEdit={false}
        actions={{ toggle: vi.fn(), edit: vi.fn(), remove: vi.fn() }}
      />,
    );

  it('shows a cost typed in euros converted for a dollar reader, with the rate', async () => {
    signedInAs('USD');
    renderCost(2400, 'EUR');
    // €2,400 × 1.172 = $2,812.80: never "$2,400".
    expect(await screen.findByText('≈ $2,813', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('cost-conversion')).toHaveTextContent(
      'Entered as €2,400 at 1 EUR = 1.172 USD',
    );
    expect(screen.queryByText('$2,400')).not.toBeInTheDocument();
  });

  it('shows it in yen, without decimals, for a yen reader', async () => {
    signedInAs('JPY');
    renderCost(2400, 'EUR');
    expect(await screen.findByText('≈ ¥406,080', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('cost-conversion')).toHaveTextContent('1 EUR = 169.2 JPY');
  });

  it('shows it as entered to a reader of the same currency', async () => {
    signedInAs('EUR');
    renderCost(2400, 'EUR');
    expect(await screen.findByText('€2,400', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('cost-conversion')).not.toBeInTheDocument();
  });
});
