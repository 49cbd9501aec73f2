/** The bookings query keys: the booking dialog refreshes My Trips when it books. */
export const bookingKeys = {
  all: ['bookings'] as const,
  list: (userId: string) => [...bookingKeys.all, userId, 'list'] as const,
  /** One booking, read again while the providers confirm it. */
  one: (userId: string, bookingId: string) =>
    [...bookingKeys.all, userId, 'booking', bookingId] as const,
  calendarFeed: (userId: string) => [...bookingKeys.all, userId, 'calendar-feed'] as const,
};

/**
 * The saved cards (features/payments keys its reads of them under this prefix): booking with a
 * new card saved may add one, and another tab may add or remove one.
 */
export const paymentMethodKeys = {
  all: ['payments', 'methods'] as const,
  of: (userId: string) => [...paymentMethodKeys.all, userId] as const,
};
