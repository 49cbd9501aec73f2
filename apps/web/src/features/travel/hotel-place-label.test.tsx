import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hotel } from '@vowa/shared/travel/travel-schemas';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { makeHotel } from '../../test/travel-test-data';
import { HotelDetailDialog } from './hotel-detail-dialog';

// Issue 13 §4: a city-state or island is named once, in the dialog's description and in the
// address ("Singapore", not "Singapore, Singapore"; "Dubai", not "Dubai, Dubay").

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderHotel(address: Partial<Hotel['address']>) {
  const base = makeHotel();
  const hotel: Hotel = { ...base, address: { ...base.address, ...address } };
  mockFetch(() => jsonResponse(404));
  renderWithApp(<HotelDetailDialog open hotel={hotel} onClose={vi.fn()} />);
  const dialog = screen.getByRole('dialog');
  const lines = [...dialog.querySelectorAll('address span')].map((line) => line.textContent);
  return { dialog, lines };
}

describe('Hotel dialog place labels', () => {
  it('names a city-state once in the description and the address', () => {
    const { dialog, lines } = renderHotel({
      street: '121 Orchard Road',
      city: 'Singapore',
      state: null,
      country: 'Singapore',
      countryCode: 'SG',
      zipCode: '238858',
    });
    expect(dialog).toHaveAccessibleDescription('Singapore');
    expect(lines).toEqual(['121 Orchard Road', '238858 Singapore']);
    expect(within(dialog).queryByText(/Singapore, Singapore/)).not.toBeInTheDocument();
  });

  it('leaves out a region that is another spelling of the city', () => {
    const { dialog, lines } = renderHotel({
      street: '92 Sheikh Zayed Road',
      city: 'Dubai',
      state: 'Dubay',
      country: 'United Arab Emirates',
      countryCode: 'AE',
      zipCode: null,
    });
    expect(dialog).toHaveAccessibleDescription('Dubai');
    expect(lines).toEqual(['92 Sheikh Zayed Road', 'Dubai', 'United Arab Emirates']);
  });

  it('keeps a real region and the country of an ordinary city', () => {
    const { dialog, lines } = renderHotel({
      street: '48 Main Street',
      city: 'Austin',
      state: 'Texas',
      country: 'United States',
      countryCode: 'US',
      zipCode: '78701',
    });
    expect(dialog).toHaveAccessibleDescription('Austin, Texas');
    expect(lines).toEqual(['48 Main Street', '78701 Austin', 'Texas, United States']);
  });
});
