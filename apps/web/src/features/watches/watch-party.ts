import { bookingTravelerSchema, type BookingTraveler } from '@vowa/shared/bookings/booking-schemas';
import { emailField } from '@vowa/shared/auth/auth-rules';
import { isValidationMessageCode } from '@vowa/shared/validation/messages';

/** A traveller's names as typed in the Auto-Book dialog. */
export type NamesDraft = { givenName: string; familyName: string };

/** Field → validation message code, e.g. `travelers.0.givenName` → `nameRequired`. */
export type PartyErrors = Record<string, string>;

/** "Ada King Lovelace" → given "Ada King", family "Lovelace": a start the person corrects. */
export function splitName(name: string): NamesDraft {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { givenName: words[0] ?? '', familyName: '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1) ?? '' };
}

/** As many travellers as booked, the first one named after the account (the person corrects it). */
export function initialParty(count: number, accountName: string | undefined): NamesDraft[] {
  return Array.from({ length: count }, (_, index) =>
    index === 0 && accountName ? splitName(accountName) : { givenName: '', familyName: '' },
  );
}

const codeOf = (message: string) => (isValidationMessageCode(message) ? message : 'invalidValue');

/**
 * The travellers and contact checked by the schemas the server uses (a booking's), so Vowa
 * books later with names it would accept now: the request's `party`, or each field's problem.
 */
export function checkParty(
  travellers: NamesDraft[],
  email: string,
):
  | { ok: true; party: { travelers: BookingTraveler[]; contact: { email: string } } }
  | { ok: false; errors: PartyErrors } {
  const errors: PartyErrors = {};
  const travelers: BookingTraveler[] = [];
  travellers.forEach((draft, index) => {
    const parsed = bookingTravelerSchema.safeParse(draft);
    if (parsed.success) travelers.push(parsed.data);
    else
      for (const issue of parsed.error.issues) {
        errors[`travelers.${index}.${String(issue.path[0])}`] ??= codeOf(issue.message);
      }
  });
  const contact = emailField.safeParse(email);
  if (!contact.success) errors.email = codeOf(contact.error.issues[0]?.message ?? '');
  if (Object.keys(errors).length > 0 || !contact.success) return { ok: false, errors };
  return { ok: true, party: { travelers, contact: { email: contact.data } } };
}
