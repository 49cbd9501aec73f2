/**
 * Every error the API can answer with, keyed by a stable code, and the one HTTP status each code
 * is sent with.
 *
 * Error bodies are `{ detail, code }`: `detail` is English fallback text, `code` is what clients
 * decide by and translate (the web has a text for every code in each language). A code is never
 * renamed or reused for something else once shipped; add a new one instead.
 */
export const errorCodeStatus = {
  // Requests the server could not read (the error handler's own answers).
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 422,
  text_has_nul_character: 422,
  text_not_unicode: 422,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,

  // Sign-in and sessions.
  not_authenticated: 401,
  invalid_credentials: 401,
  session_expired: 401,
  reset_link_invalid: 400,
  verify_link_invalid: 400,

  // Security settings: passwords, two-factor, passkeys, sessions.
  current_password_incorrect: 400,
  password_incorrect: 400,
  session_not_found: 404,
  two_factor_code_required: 400,
  two_factor_code_incorrect: 400,
  two_factor_already_on: 409,
  two_factor_not_started: 400,
  two_factor_off: 400,
  sign_in_challenge_expired: 400,
  passkey_not_found: 404,
  passkey_request_expired: 400,
  passkey_not_verified: 400,
  passkey_unknown: 400,
  passkey_exists: 409,

  // Profile, photo and social accounts.
  profile_not_found: 404,
  profile_not_available: 404,
  email_link_invalid: 400,
  email_taken: 409,
  photo_missing: 400,
  photo_not_multipart: 415,
  photo_not_an_image: 415,
  photo_too_large: 413,
  photo_not_yours: 422,
  photo_storage_unavailable: 503,
  location_not_found: 404,
  social_profile_not_yours: 403,
  social_profile_not_connected: 404,

  // Bank link and finances.
  email_not_verified: 403,
  bank_not_connected: 404,
  bank_unknown: 404,
  bank_link_expired: 400,
  bank_login_required: 400,
  bank_credentials_incorrect: 400,
  bank_accounts_required: 400,
  bank_busy: 429,
  public_token_used: 400,
  bank_unavailable: 503,

  // Bucket lists.
  bucket_list_not_found: 404,
  bucket_list_item_not_found: 404,
  bucket_list_owner_only: 403,
  share_with_self: 422,

  // Travel search and offers.
  invitation_invalid: 404,
  share_needs_verified_email: 403,
  unknown_airport: 422,
  same_airport: 422,
  date_not_in_calendar: 422,
  date_in_past: 422,
  date_too_far_ahead: 422,
  return_before_departure: 422,
  check_out_before_check_in: 422,
  stay_too_long: 422,
  unknown_city: 422,
  quote_not_found: 404,
  quote_kind_mismatch: 422,
  not_an_option: 422,
  option_no_longer_offered: 404,
  experience_not_found: 404,
  travel_request_rejected: 422,
  travel_provider_busy: 503,
  travel_provider_unavailable: 503,

  // Payments: cards, authorizations and the payment providers (issue 14 §3).
  payment_method_not_found: 404,
  payment_not_found: 404,
  card_invalid: 422,
  card_expired: 422,
  payment_declined: 402,
  payment_insufficient_funds: 402,
  payment_action_required: 402,
  payment_not_capturable: 409,
  refund_exceeds_payment: 422,
  payment_setup_incomplete: 422,
  payment_methods_limit: 422,
  payment_provider_mismatch: 404,
  payment_provider_unavailable: 503,
  payment_rejected: 422,
  webhook_signature_invalid: 400,

  // Group invitations: codes, mailed and texted links (issue 15 §4).
  invite_invalid: 404,
  invite_needs_verified_email: 403,
  invite_phone_unreachable: 422,
  sms_unavailable: 503,

  // The assistant and its conversations.
  conversation_not_found: 404,
  group_owner_only: 403,
  // The group plan (issue 15 §5): picks, votes and booking the plan for the group.
  group_pick_not_found: 404,
  group_plan_not_agreed: 409,
  group_plan_changed: 409,
  group_plan_already_booked: 409,
  group_travellers_differ: 422,
  assistant_unavailable: 503,

  // Trip customisation (issue 14 §4; the CUSTOMIZE engineer's section).
  unknown_additional_city: 422,
  additional_city_unreachable: 422,
  duplicate_additional_city: 422,
  too_many_cities_for_nights: 422,
  no_flights_for_leg: 422,
  no_hotels_available: 422,

  // Bookings (issue 14 §3; the BOOKINGS engineer's section).
  booking_not_found: 404,
  idempotency_key_required: 400,
  idempotency_key_reused: 422,
  booking_in_progress: 409,
  price_changed: 409,
  offer_unavailable: 409,
  booking_currencies_differ: 422,
  travellers_differ_from_quote: 422,
  traveller_details_required: 422,
  booking_failed: 409,
  booking_not_cancellable: 409,
  cancellation_terms_changed: 409,
  calendar_feed_not_found: 404,

  // Price watches and auto-booking (issue 16; the watches core, H1).
  watch_not_found: 404,
  watch_not_changeable: 409,
  too_many_watches: 422,
  auto_booking_off: 422,
  auto_booking_needs_card: 422,

  // The notification centre and Web Push (issue 16; H3).
  notification_not_found: 404,
  push_subscription_invalid: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCodeStatus;

export const errorCodes = Object.keys(errorCodeStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodeStatus, value);
}
