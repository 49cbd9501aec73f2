/** The bookings query keys: the booking dialog refreshes My Trips when it books. */
export const bookingKeys = {
  all: ['bookings'] as const,
  list: (userId: string) => [...bookingKeys.all, userId, 'list'] as const,
  calendarFeed: (userId: string) => [...bookingKeys.all, userId, 'calendar-feed'] as const,
};
