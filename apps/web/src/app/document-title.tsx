import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { Catalog } from '../locales/en';

export type PageTitle = Exclude<keyof Catalog['pageTitle'], 'default' | 'format'>;

/** What a route says of itself in `handle` (see the route table). */
export type RouteHandle = { title?: PageTitle };

/**
 * Sets the browser's title to the screen's own ('Chat · Vowa'), in the person's language, so
 * tabs, history and screen readers tell screens apart. Screens without one keep the product's.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const title = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((key) => key !== undefined);
  useEffect(() => {
    document.title = title
      ? t('pageTitle.format', { page: t(`pageTitle.${title}`) })
      : t('pageTitle.default');
  }, [title, t]);
  return null;
}
