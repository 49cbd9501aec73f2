import {
  SPECIAL_REQUESTS_MAX_LENGTH,
  bookingContactSchema,
  bookingTravelerSchema,
  type BookingTraveler,
} from '@vowa/shared/bookings/booking-schemas';
import { isValidationMessageCode } from '@vowa/shared/validation/messages';

/** A traveller as typed on the review step (date of birth '' when not given). */
export type TravellerDraft = {
  givenName: string;
  familyName: string;
  bornOn: string;
  /** As on the passport ('' when not given); airlines ask for it with the date of birth. */
  gender: '' | 'f' | 'm';
};
export type ContactDraft = { email: string; phone: string };

/** Field → validation message code, e.g. `travelers.0.givenName` → `nameRequired`. */
export type DetailErrors = Record<string, string>;

export const emptyTraveller = (): TravellerDraft => ({
  givenName: '',
  familyName: '',
  bornOn: '',
  gender: '',
});

/** "Ada King Lovelace" → given "Ada King", family "Lovelace": a start the person corrects. */
export function splitName(name: string): Pick<TravellerDraft, 'givenName' | 'familyName'> {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { givenName: words[0] ?? '', familyName: '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1) ?? '' };
}

const codeOf = (message: string) => (isValidationMessageCode(message) ? message : 'invalidValue');

/**
 * The travellers, contact and special requests checked by the same schemas and limits the
 * server uses: the request parts, or the first problem of each field.
 */
export function checkDetails(
  travellers: TravellerDraft[],
  contact: ContactDraft,
  specialRequests = '',
):
  | { ok: true; travelers: BookingTraveler[]; contact: { email: string; phone?: string } }
  | { ok: false; errors: DetailErrors } {
  const errors: DetailErrors = {};
  const travelers: BookingTraveler[] = [];
  travellers.forEach((draft, index) => {
    const parsed = bookingTravelerSchema.safeParse({
      givenName: draft.givenName,
      familyName: draft.familyName,
      bornOn: draft.bornOn === '' ? null : draft.bornOn,
      gender: draft.gender === '' ? null : draft.gender,
    });
    if (parsed.success) travelers.push(parsed.data);
    else
      for (const issue of parsed.error.issues) {
        const field = `travelers.${index}.${String(issue.path[0])}`;
        errors[field] ??= codeOf(issue.message);
      }
  });
  const phone = contact.phone.trim();
  const parsedContact = bookingContactSchema.safeParse({
    email: contact.email,
    ...(phone ? { phone } : {}),
  });
  if (!parsedContact.success)
    for (const issue of parsedContact.error.issues) {
      errors[`contact.${String(issue.path[0])}`] ??= codeOf(issue.message);
    }
  // The customise dialog's text arrives prefilled (a textarea's maxLength stops only typing).
  if (specialRequests.trim().length > SPECIAL_REQUESTS_MAX_LENGTH) {
    errors.specialRequests = 'textTooLong';
  }
  if (Object.keys(errors).length > 0 || !parsedContact.success) return { ok: false, errors };
  const { email, phone: checkedPhone } = parsedContact.data;
  return {
    ok: true,
    travelers,
    contact: checkedPhone ? { email, phone: checkedPhone } : { email },
  };
}
