import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Experience } from '@vowa/shared/travel/travel-schemas';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { ExperienceDetailDialog } from './experience-detail-dialog';
import { makeExperience, makeQuote } from '../../test/travel-test-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Props = Partial<Parameters<typeof ExperienceDetailDialog>[0]>;

function renderExperience(experience: Experience = makeExperience(), props: Props = {}) {
  mockFetch(() => jsonResponse(404));
  const handlers = { onClose: vi.fn(), onGroupUpdate: vi.fn() };
  renderWithApp(<ExperienceDetailDialog open experience={experience} {...handlers} {...props} />);
  return handlers;
}

const inDialog = () => within(screen.getByRole('dialog'));
const section = (name: string) => inDialog().getByRole('region', { name });

describe('Experience detail dialog', () => {
  it('shows every field of the experience', () => {
    renderExperience();
    expect(
      screen.getByRole('dialog', { name: 'Seine River Evening Cruise' }),
    ).toHaveAccessibleDescription('Tour · Sightseeing · Paris');
    expect(
      within(inDialog().getByRole('region', { name: 'Experience photos' })).getByRole('img'),
    ).toHaveAttribute('alt', 'Seine River Evening Cruise, photo 1 of 1');
    expect(screen.getByTestId('experience-price')).toHaveTextContent('$45.00');
    expect(inDialog().getByText('Price per person')).toBeInTheDocument();
    expect(inDialog().getByText(/^Converted from €42.00/)).toBeInTheDocument();

    expect(within(section('About')).getByText(/lit-up monuments/)).toBeInTheDocument();
    const info = section('Quick info');
    for (const text of [
      '1h 30m',
      '1–40 people',
      'All ages',
      'Easy',
      'English, French, Spanish',
      '4.7 out of 5 (2,310 reviews)',
    ]) {
      expect(within(info).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(section('Highlights')).getByText('See the Eiffel Tower sparkle'),
    ).toBeInTheDocument();
    const itinerary = section('Itinerary');
    expect(within(itinerary).getByText('19:00 · 15m')).toBeInTheDocument();
    expect(within(itinerary).getByText('Boarding at the pier')).toBeInTheDocument();
    expect(within(section('Included')).getByText('Audio guide')).toBeInTheDocument();
    expect(within(section('Not included')).getByText('Hotel pickup')).toBeInTheDocument();
    const provider = section('Provider');
    expect(within(provider).getByText('Bateaux Lumière')).toBeInTheDocument();
    expect(within(provider).getByText('Verified')).toBeInTheDocument();
    expect(within(provider).getByText('Rated 4.8 out of 5')).toBeInTheDocument();
    expect(
      within(section('Meeting point')).getByText('Pier 3, at the foot of the Eiffel Tower'),
    ).toBeInTheDocument();
    expect(
      within(section('Availability')).getByText('Daily at 19:00 and 21:00'),
    ).toBeInTheDocument();
    expect(within(section('Tags')).getByText('Romantic')).toBeInTheDocument();
    expect(
      within(section('Cancellation policy')).getByText('Free cancellation up to 24 hours before'),
    ).toBeInTheDocument();
    expect(inDialog().getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('fills missing data with placeholders', () => {
    renderExperience(
      makeExperience({
        price: null,
        ageRestriction: null,
        meetingPoint: null,
        images: [],
        languages: [],
        provider: { name: 'Local Guides', rating: 4.1, verified: false, contact: null },
        quote: makeQuote({ sourceCurrency: 'USD' }),
      }),
    );
    expect(inDialog().getByText('Price not available')).toBeInTheDocument();
    expect(within(section('Quick info')).getAllByText('N/A')).toHaveLength(2);
    expect(within(section('Meeting point')).getByText('N/A')).toBeInTheDocument();
    expect(within(section('Provider')).getByText('Not verified')).toBeInTheDocument();
    expect(screen.getByTestId('travel-image-placeholder')).toBeInTheDocument();
  });

  it('offers Book Experience only when the caller can book', async () => {
    const onBook = vi.fn();
    const experience = makeExperience();
    const user = userEvent.setup();
    renderExperience(experience, { onBook });
    await user.click(inDialog().getByRole('button', { name: 'Book Experience' }));
    expect(onBook).toHaveBeenCalledWith(experience);
  });

  it('has no Book button without onBook, and Select for Group in group context', async () => {
    const experience = makeExperience();
    const user = userEvent.setup();
    const handlers = renderExperience(experience, { groupContext: true });
    expect(inDialog().queryByRole('button', { name: 'Book Experience' })).not.toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Select for Group' }));
    expect(handlers.onGroupUpdate).toHaveBeenCalledWith(experience, 'selected');
    expect(handlers.onClose).toHaveBeenCalled();
  });
});
