import { within } from '@testing-library/react';
import { vi } from 'vitest';
import { DATA_TABLE_CARDS_QUERY } from '../components/data-table';

/** Makes the media query `query` match from here on; every other query answers as before. */
export function matchMediaQuery(query: string): void {
  const matchMedia = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((asked: string) =>
    asked === query ? { ...matchMedia(asked), matches: true, media: asked } : matchMedia(asked),
  );
}

/** Makes the page as narrow as a phone (375 px): the data tables' cards query matches. */
export function onPhone(): void {
  matchMediaQuery(DATA_TABLE_CARDS_QUERY);
}

/** The cards of a data table on a phone: the top-level items of its list. */
export function cardsOf(list: HTMLElement): HTMLElement[] {
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}
