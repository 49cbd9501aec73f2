import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Airport } from '@vowa/shared/travel/travel-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-client';
import { AirportCombobox } from '../../components/airport-combobox';
import { useSaveHomeAirport } from './travel-api';

/**
 * Where suggested trips leave from: an airport search combobox and Save, which stores it as
 * the home airport.
 */
export function OriginDialog({
  open,
  onOpenChange,
  current,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: Airport | null;
  onSaved: (airport: Airport) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Airport | null>(null);
  const save = useSaveHomeAirport();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('travel.origin.title')}
      description={t('travel.origin.description')}
      closeLabel={t('travel.close')}
      className="sm:max-w-lg"
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) return;
          save.mutate(chosen.code, {
            onSuccess: () => {
              onSaved(chosen);
              onOpenChange(false);
            },
          });
        }}
      >
        <AirportCombobox
          label={t('travel.origin.search')}
          value={chosen}
          onChange={(airport) => setChosen(airport)}
          idleStatus={
            current ? (
              <p>{t('travel.suggestions.from', { city: current.city, code: current.code })}</p>
            ) : null
          }
        />

        {save.isError ? <Banner tone="error">{errorMessage(save.error)}</Banner> : null}

        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('travel.cancel')}
          </Button>
          <Button type="submit" disabled={!chosen} loading={save.isPending}>
            {t('travel.origin.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
