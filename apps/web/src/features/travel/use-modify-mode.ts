import { useEffect, useRef } from 'react';
import type { RequoteRequest, RequoteResponse } from '@vowa/shared/travel/travel-schemas';
import { errorMessage } from '../../lib/api-client';
import type { RequoteView } from './travel-parts';
import { useRequote } from './travel-api';

/**
 * The live re-quote of a dialog's Modify mode: `null` (nothing changed) shows the original
 * price; otherwise the server's re-quote and its difference, a loading state or its error,
 * with the re-quoted offer that Save applies.
 */
export function useRequoteView<Offer extends { price: number | null }>(
  request: RequoteRequest | null,
  originalPrice: number | null,
  offerOf: (answer: RequoteResponse) => Offer | undefined,
): { view: RequoteView; offer: Offer | undefined } {
  const requote = useRequote(request);
  if (request === null)
    return { view: { state: 'unchanged', price: originalPrice }, offer: undefined };
  if (requote.isError) {
    return { view: { state: 'error', message: errorMessage(requote.error) }, offer: undefined };
  }
  const offer = requote.data ? offerOf(requote.data) : undefined;
  return offer && requote.data
    ? { view: { state: 'ready', price: offer.price, difference: requote.data.difference }, offer }
    : { view: { state: 'loading' }, offer: undefined };
}

/**
 * Focus for entering and leaving Modify mode: the first field on Modify, the Modify button on
 * Save or Cancel. Set `focusAfterEditRef.current` before switching `editing`.
 */
export function useEditFocus(editing: boolean) {
  const firstFieldRef = useRef<HTMLSelectElement>(null);
  const modifyRef = useRef<HTMLButtonElement>(null);
  const focusAfterEditRef = useRef<'field' | 'modify' | null>(null);
  useEffect(() => {
    if (focusAfterEditRef.current === 'field') firstFieldRef.current?.focus();
    if (focusAfterEditRef.current === 'modify') modifyRef.current?.focus();
    focusAfterEditRef.current = null;
  }, [editing]);
  return { firstFieldRef, modifyRef, focusAfterEditRef };
}
