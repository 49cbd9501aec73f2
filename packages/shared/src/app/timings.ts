/** Timings a person sees (part 1 §9). */
export const LOADING_SCREEN_MS = 5_000;
export const SETTINGS_SAVED_MESSAGE_MS = 3_000;
export const FORGOT_PASSWORD_RETURN_MS = 3_000;
export const RESET_SUCCESS_REDIRECT_MS = 2_000;
