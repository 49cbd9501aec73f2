/** Query keys of the settings, in their own module so the shell can use them without zod. */
export const settingsKeys = {
  all: ['settings'] as const,
  mine: (userId: string) => [...settingsKeys.all, userId] as const,
};
