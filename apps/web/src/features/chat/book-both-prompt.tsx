import { useTranslation } from 'react-i18next';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useFormat } from '../../lib/use-format';

/**
 * Part 2 §2/§4: when a flight and a hotel are both selected, 'Book Both?' asks. Book Both
 * books both through the booking dialog; Cancel clears both selections.
 */
export function BookBothPrompt({
  flight,
  hotel,
  onBookBoth,
  onCancel,
}: {
  flight: Flight;
  hotel: Hotel;
  onBookBoth: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = (amount: number | null, currency: string) =>
    amount === null ? t('chat.noPrice') : format.money(amount, currency);
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()} title={t('chat.bookBothTitle')}>
      <ul className="mb-4 flex flex-col gap-1 text-sm text-ink">
        <li>
          {flight.airline} {flight.flightNumber} · {price(flight.price, flight.currency)}
        </li>
        <li>
          {hotel.name ?? t('chat.unnamedHotel')} · {price(hotel.price, hotel.currency)}
        </li>
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t('chat.cancel')}
        </Button>
        <Button onClick={onBookBoth}>{t('chat.bookBoth')}</Button>
      </div>
    </Dialog>
  );
}
