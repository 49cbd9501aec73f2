/** Query keys of price watches and price histories (screens in several features read them). */
export const watchKeys = {
  all: ['watches'] as const,
  list: () => [...watchKeys.all, 'list'] as const,
  autoBooking: () => [...watchKeys.all, 'auto-booking'] as const,
  history: (watchId: string) => [...watchKeys.all, 'history', watchId] as const,
  /** A flight's, a stay's or a trip's recorded prices (by its quotes and travellers). */
  quoteHistory: (quoteIds: readonly string[], travelers: number) =>
    [...watchKeys.all, 'quote-history', ...quoteIds, travelers] as const,
};
