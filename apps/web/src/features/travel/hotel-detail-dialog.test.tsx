import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hotel } from '@vowa/shared/travel/travel-schemas';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp, watchTargets } from '../../test/render-app';
import { HotelDetailDialog } from './hotel-detail-dialog';
import { makeHotel, makeQuote } from '../../test/travel-test-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Props = Partial<Parameters<typeof HotelDetailDialog>[0]>;

function renderHotel(hotel: Hotel | null = makeHotel(), props: Props = {}) {
  const handlers = {
    onClose: vi.fn(),
    onSelect: vi.fn(),
    onModified: vi.fn(),
    onGroupUpdate: vi.fn(),
  };
  renderWithApp(<HotelDetailDialog open hotel={hotel} {...handlers} {...props} />);
  return handlers;
}

const inDialog = () => within(screen.getByRole('dialog'));
const section = (name: string) => inDialog().getByRole('region', { name });

function serveRequote(original: Hotel) {
  return mockFetch(({ path, body }) => {
    if (path !== '/travel/requote') return jsonResponse(404);
    const change = body as Pick<Hotel, 'roomType' | 'checkIn' | 'checkOut' | 'nights'>;
    return jsonResponse(200, {
      kind: 'hotel',
      hotel: {
        ...original,
        roomType: change.roomType,
        checkIn: change.checkIn,
        checkOut: change.checkOut,
        nights: change.nights,
        pricePerNight: 330,
        taxesAndFees: 198,
        price: 2178,
        quote: makeQuote(),
      },
      originalPrice: original.price,
      difference: 990,
    });
  });
}

describe('Hotel detail dialog', () => {
  it('shows the photos, facts, every section and the price breakdown', async () => {
    mockFetch(() => jsonResponse(404));
    const user = userEvent.setup();
    renderHotel();
    expect(
      screen.getByRole('dialog', { name: 'Hôtel Lumière Saint-Germain' }),
    ).toHaveAccessibleDescription('Paris, Île-de-France');
    const view = inDialog();

    const carousel = view.getByRole('region', { name: 'Hotel photos' });
    expect(within(carousel).getByText('Image 1 of 3')).toBeInTheDocument();
    expect(within(carousel).getByRole('img')).toHaveAttribute(
      'alt',
      'Hôtel Lumière Saint-Germain, photo 1 of 3',
    );
    await user.click(within(carousel).getByRole('button', { name: 'Next image' }));
    expect(within(carousel).getByText('Image 2 of 3')).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Previous image' }));
    await user.click(within(carousel).getByRole('button', { name: 'Previous image' }));
    expect(within(carousel).getByText('Image 3 of 3')).toBeInTheDocument();
    carousel.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(carousel).getByText('Image 1 of 3')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(within(carousel).getByText('Image 3 of 3')).toBeInTheDocument();

    expect(view.getByRole('img', { name: '4 stars' })).toBeInTheDocument();
    expect(view.getByText('4.6 out of 5')).toBeInTheDocument();
    expect(view.getByText('1,284 reviews')).toBeInTheDocument();
    expect(view.getByText('Brand: Lumière Collection')).toBeInTheDocument();

    expect(within(section('About')).getByText(/quiet Left Bank street/)).toBeInTheDocument();
    expect(
      within(section('Highlights')).getByText('Walk to the Louvre in 15 minutes'),
    ).toBeInTheDocument();
    const amenities = section('Amenities');
    expect(within(amenities).getByText('Free Wi-Fi')).toBeInTheDocument();
    expect(within(amenities).getByText('Fitness center')).toBeInTheDocument();
    expect(within(amenities).getByText('24-hour front desk')).toBeInTheDocument();
    const nearby = section('Nearby Attractions');
    expect(within(nearby).getByText('Musée d’Orsay')).toBeInTheDocument();
    expect(within(nearby).getByText('0.6 km · Museum')).toBeInTheDocument();

    const policies = section('Hotel Policies');
    expect(within(policies).getByText('3:00 PM')).toBeInTheDocument();
    expect(within(policies).getByText('11:00 AM')).toBeInTheDocument();
    expect(
      within(policies).getByText('Free cancellation until 48 hours before check-in'),
    ).toBeInTheDocument();
    expect(within(policies).getByText('Pets are not allowed')).toBeInTheDocument();

    const stay = section('Your Stay');
    expect(within(stay).getByText('Mon, Mar 16, 2026')).toBeInTheDocument();
    expect(within(stay).getByText('Sun, Mar 22, 2026')).toBeInTheDocument();
    expect(within(stay).getByText('6')).toBeInTheDocument();
    expect(within(stay).getByText('Standard Room')).toBeInTheDocument();

    const total = section('Total Price');
    expect(within(total).getByText('$180.00 × 6 nights')).toBeInTheDocument();
    expect(within(total).getByText('$1,080.00')).toBeInTheDocument();
    expect(within(total).getByText('$108.00')).toBeInTheDocument();
    expect(within(total).getByText('$1,188.00')).toBeInTheDocument();
    expect(within(total).getByText(/^Converted from €1,100.00/)).toBeInTheDocument();

    const contact = section('Contact');
    expect(within(contact).getByRole('link', { name: '+33 1 23 45 67 89' })).toHaveAttribute(
      'href',
      'tel:+33123456789',
    );
    expect(within(contact).getByRole('link', { name: 'stay@lumiere.example' })).toHaveAttribute(
      'href',
      'mailto:stay@lumiere.example',
    );
    expect(within(contact).getByRole('link', { name: 'lumiere.example' })).toHaveAttribute(
      'href',
      'https://lumiere.example/',
    );
    expect(within(section('Address')).getByText('12 Rue Jacob')).toBeInTheDocument();
    expect(within(section('Address')).getByText('75006 Paris')).toBeInTheDocument();

    for (const name of ['Modify', 'Close', 'Select Hotel']) {
      expect(view.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('fills missing data with the placeholders and never shows a broken image', () => {
    mockFetch(() => jsonResponse(404));
    renderHotel(
      makeHotel({
        name: null,
        brand: null,
        images: [],
        address: { street: null, city: 'Lyon', state: null, country: 'France', zipCode: null },
        pricePerNight: null,
        taxesAndFees: null,
        price: null,
        contact: { phone: null, email: null, website: 'javascript:alert(1)' },
      }),
    );
    expect(
      screen.getByRole('dialog', { name: 'Hotel (no name provided)' }),
    ).toHaveAccessibleDescription('Lyon');
    expect(within(section('Address')).getByText('Address not available')).toBeInTheDocument();
    expect(screen.getByTestId('travel-image-placeholder')).toBeInTheDocument();
    expect(within(section('Total Price')).getAllByText('Price not available')).toHaveLength(3);
    expect(within(section('Contact')).getAllByText('N/A')).toHaveLength(3);
    expect(within(section('Contact')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when there is no hotel for the dates', () => {
    mockFetch(() => jsonResponse(404));
    renderHotel(null);
    expect(
      inDialog().getByText('No hotels available for your dates in this city.'),
    ).toBeInTheDocument();
  });

  it('re-quotes another room type, shows the new total and difference; Cancel restores', async () => {
    const hotel = makeHotel();
    const { calls } = serveRequote(hotel);
    const user = userEvent.setup();
    const handlers = renderHotel(hotel);
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    const room = inDialog().getByLabelText('Room type');
    expect(room).toHaveFocus();
    expect(
      within(room)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Standard Room', 'Deluxe Room', 'Suite']);
    expect(inDialog().getByLabelText('Check-in date')).toHaveValue('2026-03-16');
    expect(inDialog().getByLabelText('Check-out date')).toHaveValue('2026-03-22');
    expect(inDialog().getByLabelText('Nights')).toHaveValue('6');

    await user.selectOptions(room, 'Deluxe Room');
    const summary = screen.getByTestId('requote-summary');
    expect(await within(summary).findByText('$2,178.00')).toBeInTheDocument();
    expect(within(summary).getByText('+$990.00')).toBeInTheDocument();
    expect(within(summary).getByText('New total')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/travel/requote')?.body).toEqual({
      kind: 'hotel',
      quoteId: hotel.quote.quoteId,
      roomType: 'deluxe',
      checkIn: '2026-03-16',
      checkOut: '2026-03-22',
      nights: 6,
    });

    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    expect(inDialog().queryByLabelText('Room type')).not.toBeInTheDocument();
    expect(within(section('Your Stay')).getByText('Standard Room')).toBeInTheDocument();
    expect(within(section('Total Price')).getByText('$1,188.00')).toBeInTheDocument();
    expect(handlers.onModified).not.toHaveBeenCalled();
  });

  it('Save applies the new stay and reports it as modified; Select for Group as selected', async () => {
    const hotel = makeHotel();
    serveRequote(hotel);
    const user = userEvent.setup();
    const handlers = renderHotel(hotel, { groupContext: true });
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    await user.selectOptions(inDialog().getByLabelText('Room type'), 'Suite');
    expect(await inDialog().findByText('+$990.00')).toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Save' }));
    expect(handlers.onGroupUpdate).toHaveBeenCalledWith(
      expect.objectContaining({ roomType: 'suite', price: 2178 }),
      'modified',
    );
    expect(handlers.onModified).toHaveBeenCalledWith(
      expect.objectContaining({ roomType: 'suite' }),
    );
    expect(within(section('Your Stay')).getByText('Suite')).toBeInTheDocument();
    expect(within(section('Total Price')).getByText('$2,178.00')).toBeInTheDocument();

    await user.click(inDialog().getByRole('button', { name: 'Select for Group' }));
    expect(handlers.onGroupUpdate).toHaveBeenLastCalledWith(
      expect.objectContaining({ roomType: 'suite' }),
      'selected',
    );
    expect(handlers.onClose).toHaveBeenCalled();
  });

  it('offers only check-out dates after the chosen check-in', async () => {
    const hotel = makeHotel({ checkIn: '2026-03-16', checkOut: '2026-03-17', nights: 1 });
    const { calls } = serveRequote(hotel);
    const user = userEvent.setup();
    renderHotel(hotel);
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    const checkOut = inDialog().getByLabelText('Check-out date');
    expect(within(checkOut).getAllByRole('option')).toHaveLength(3);
    expect(
      within(inDialog().getByLabelText('Nights'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 night', '2 nights', '3 nights']);
    await user.selectOptions(inDialog().getByLabelText('Check-in date'), 'Wed, Mar 18, 2026');
    expect(
      within(checkOut)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['2026-03-19']);
    expect(checkOut).toHaveValue('2026-03-19');
    expect(await inDialog().findByText('+$990.00')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toMatchObject({ checkIn: '2026-03-18', checkOut: '2026-03-19' });
  });
});

describe('Hotel detail dialog: nights and dates agree (issue 13 §5)', () => {
  it('moves the check-out with the nights and the nights with the check-out, never contradicting', async () => {
    const hotel = makeHotel(); // Mar 16 to Mar 22, 6 nights
    const { calls } = serveRequote(hotel);
    const user = userEvent.setup();
    renderHotel(hotel);
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    const nights = inDialog().getByLabelText('Nights');
    const checkIn = inDialog().getByLabelText('Check-in date');
    const checkOut = inDialog().getByLabelText('Check-out date');
    const values = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'));
    const daysFrom = (from: string, to: string) =>
      Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
    // Each number of nights offered has its check-out offered, and the other way round.
    const agrees = () => {
      const start = (checkIn as HTMLSelectElement).value;
      expect(values(checkOut).map((date) => String(daysFrom(start, date ?? '')))).toEqual(
        values(nights),
      );
      expect(daysFrom(start, (checkOut as HTMLSelectElement).value)).toBe(
        Number((nights as HTMLSelectElement).value),
      );
      for (const count of values(nights)) {
        expect(Number(count)).toBeGreaterThanOrEqual(1);
        expect(Number(count)).toBeLessThanOrEqual(30);
      }
    };
    agrees();

    await user.selectOptions(nights, '7 nights');
    expect(checkOut).toHaveValue('2026-03-23');
    agrees();
    // The details under the price follow the pending stay while editing.
    const stay = section('Your Stay');
    expect(within(stay).getByText('Showing your change, not saved yet')).toBeInTheDocument();
    expect(within(stay).getByText('7')).toBeInTheDocument();
    expect(within(stay).getByText('Mon, Mar 23, 2026')).toBeInTheDocument();

    await user.selectOptions(checkOut, 'Sat, Mar 21, 2026');
    expect(nights).toHaveValue('5');
    agrees();

    await user.selectOptions(checkIn, 'Tue, Mar 17, 2026');
    expect(nights).toHaveValue('5');
    expect(checkOut).toHaveValue('2026-03-22');
    agrees();

    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/travel/requote').at(-1)?.body).toMatchObject({
        checkIn: '2026-03-17',
        checkOut: '2026-03-22',
        nights: 5,
      }),
    );
    for (const call of calls.filter((entry) => entry.path === '/travel/requote')) {
      const body = call.body as { checkIn: string; checkOut: string; nights: number };
      expect(daysFrom(body.checkIn, body.checkOut)).toBe(body.nights);
    }
  });
});

describe('Hotel detail dialog: the location map', () => {
  it('shows where the hotel is on a map drawn from bundled data', async () => {
    mockFetch(() => jsonResponse(404));
    renderHotel();
    const address = section('Address');
    const map = await within(address).findByTestId('map');
    expect(map).toHaveAttribute('role', 'img');
    expect(map).toHaveAccessibleName('Map showing where Hôtel Lumière Saint-Germain is in Paris');
    expect(
      within(map as unknown as HTMLElement).getByText('Hôtel Lumière Saint-Germain'),
    ).toBeInTheDocument();
  });

  it('shows no map for a hotel without coordinates', () => {
    mockFetch(() => jsonResponse(404));
    renderHotel(makeHotel({ coordinates: null }));
    expect(within(section('Address')).queryByRole('img')).not.toBeInTheDocument();
  });

  it('Watch price watches the stay (priced whole) for the trip’s travellers', async () => {
    mockFetch(() => jsonResponse(404));
    const hotel = makeHotel();
    const user = userEvent.setup();
    const handlers = renderHotel(hotel, {
      trip: { total: 3000, currency: 'USD', maxTripBudget: null, travelers: 2, factor: 1 },
    });
    await user.click(inDialog().getByRole('button', { name: 'Watch price' }));
    expect(handlers.onClose).toHaveBeenCalledOnce();
    expect(watchTargets).toEqual([
      {
        kind: 'hotel',
        mode: 'alert',
        items: [{ kind: 'hotel', quoteId: hotel.quote.quoteId }],
        travelers: 2,
        title: {
          destination: hotel.address.city,
          country: hotel.address.country,
          countryCode: hotel.address.countryCode ?? '',
        },
      },
    ]);
  });
});
