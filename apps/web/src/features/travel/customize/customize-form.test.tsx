import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@vowa/shared/travel/travel-rules';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render-app';
import { CustomizeForm } from './customize-form';
import type { TripChoicesDraft } from './use-trip-customization';

const TODAY = '2026-11-21';

/** The form as the dialog holds it: choices in state, every committed change recorded. */
function renderForm() {
  const committed: string[] = [];
  function Holder() {
    const [choices, setChoices] = useState<TripChoicesDraft>({
      travelers: 2,
      nights: 7,
      flightClass: 'economy',
      hotelCategory: 'mid-range',
      checkIn: '2026-12-21',
      additionalCities: [],
    });
    return (
      <CustomizeForm
        choices={choices}
        checkOut={addDays(choices.checkIn, choices.nights)}
        today={TODAY}
        specialRequests=""
        onChange={(change) => {
          if (change.checkIn) committed.push(change.checkIn);
          setChoices((current) => ({ ...current, ...change }));
        }}
        onSpecialRequests={() => undefined}
      />
    );
  }
  renderWithApp(<Holder />);
  return { committed };
}

afterEach(() => vi.unstubAllGlobals());

describe('the check-in date', () => {
  it('keeps a year as it is typed, and hands on the date once it is valid', async () => {
    mockFetch(() => jsonResponse(401, { detail: 'Sign in', code: 'unauthorized' }));
    const { committed } = renderForm();
    const field = await screen.findByLabelText(/^Check-in/);
    expect(field).toHaveValue('2026-12-21');
    // A browser's date field reports the year digit by digit.
    for (const typed of ['0002-01-15', '0020-01-15', '0202-01-15']) {
      fireEvent.change(field, { target: { value: typed } });
      expect(field).toHaveValue(typed);
    }
    expect(committed).toEqual([]);
    expect(screen.getByTestId('check-out')).toHaveTextContent('Dec 28, 2026');
    fireEvent.change(field, { target: { value: '2027-01-15' } });
    expect(field).toHaveValue('2027-01-15');
    expect(committed).toEqual(['2027-01-15']);
    expect(screen.getByTestId('check-out')).toHaveTextContent('Jan 22, 2027');
  });

  it('says a date is not valid once the person leaves the field, not while they type', async () => {
    mockFetch(() => jsonResponse(401, { detail: 'Sign in', code: 'unauthorized' }));
    renderForm();
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/^Check-in/);
    fireEvent.change(field, { target: { value: '0020-01-15' } });
    const problem = 'Choose a check-in date from today up to the last date on sale.';
    expect(screen.queryByText(problem)).not.toBeInTheDocument();
    await user.click(field);
    await user.tab();
    expect(screen.getByText(problem)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '2027-01-15' } });
    expect(screen.queryByText(problem)).not.toBeInTheDocument();
  });
});
