import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, PlaneTakeoff, Search } from 'lucide-react';
import type { Airport } from '@vowa/shared/travel/travel-schemas';
import { Banner } from './ui/banner';
import { Spinner } from './ui/spinner';
import { TextInput } from './ui/text-input';
import { errorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useAirportSearch } from '../lib/use-airport-search';

/** Typing pauses this long before the airports are searched. */
export const AIRPORT_SEARCH_DELAY_MS = 250;

/**
 * An airport search combobox (ARIA 1.2 pattern, list autocomplete) with a polite status line
 * (searching, no match, the chosen airport). Typing clears the choice: `onChange(null, text)`.
 */
export function AirportCombobox({
  label,
  value,
  onChange,
  idleStatus,
  hint,
  error,
  required,
  disabled,
  id,
}: {
  label: string;
  /** The chosen airport; its "City (CODE)" is the starting text. */
  value: Airport | null;
  onChange: (airport: Airport | null, text: string) => void;
  /** Shown in the status line while nothing is typed or chosen. */
  idleStatus?: ReactNode;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const optionLabel = (airport: Airport) =>
    t('travel.origin.option', { city: airport.city, code: airport.code });
  const [text, setText] = useState(() => (value ? optionLabel(value) : ''));
  const [query, setQuery] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const chosen = value;

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), AIRPORT_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = useAirportSearch(chosen ? '' : query);
  const results = search.data ?? [];
  const expanded = listOpen && !chosen && query.length > 0 && results.length > 0;

  const choose = (airport: Airport) => {
    const label = optionLabel(airport);
    setText(label);
    setListOpen(false);
    setActive(-1);
    onChange(airport, label);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      setListOpen(true);
      setActive((now) =>
        event.key === 'ArrowDown' ? Math.min(now + 1, results.length - 1) : Math.max(now - 1, 0),
      );
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      const airport = results[active];
      if (airport) choose(airport);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only (not a surrounding dialog).
      event.preventDefault();
      event.stopPropagation();
      setListOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="space-y-2">
      <div className="relative">
        <TextInput
          id={id}
          label={label}
          placeholder={t('travel.origin.placeholder')}
          value={text}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          hint={hint}
          error={error}
          required={required}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setListOpen(true);
            setActive(-1);
            onChange(null, event.target.value);
          }}
          onBlur={() => setListOpen(false)}
          onKeyDown={onKeyDown}
          trailing={<Search aria-hidden="true" className="mr-2.5 size-4 text-ink-muted" />}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('travel.origin.results')}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          {results.map((airport, index) => (
            <li
              key={airport.code}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(airport)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2 text-sm',
                index === active ? 'bg-raised' : null,
              )}
            >
              <PlaneTakeoff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
              <span className="min-w-0">
                <span className="block font-medium text-ink">{optionLabel(airport)}</span>
                <span className="block truncate text-xs text-ink-muted">
                  {t('travel.origin.optionDetail', {
                    name: airport.name,
                    country: airport.country,
                  })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div aria-live="polite" className="min-h-5 text-sm text-ink-muted">
        {chosen ? (
          <p className="flex items-center gap-1.5 font-medium text-ink">
            <Check aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-300" />
            {t('travel.origin.chosen', { city: chosen.city, code: chosen.code })}
          </p>
        ) : query && search.isFetching ? (
          <p className="flex items-center gap-2">
            <Spinner />
            {t('travel.origin.searching')}
          </p>
        ) : query && search.isSuccess && results.length === 0 ? (
          <p>{t('travel.origin.noResults', { query })}</p>
        ) : (
          (idleStatus ?? null)
        )}
      </div>

      {search.isError ? <Banner tone="error">{errorMessage(search.error)}</Banner> : null}
    </div>
  );
}
