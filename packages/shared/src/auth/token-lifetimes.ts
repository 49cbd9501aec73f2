/** Access tokens live at most 15 minutes (ARCHITECTURE.md). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A reset link is valid for one hour and can be used once. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const VERIFY_EMAIL_TOKEN_TTL_SECONDS = 48 * 60 * 60;
