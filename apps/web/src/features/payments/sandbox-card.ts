import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api-client';
import { translateValidation } from '../../lib/i18n';
import { addSandboxCard } from './payments-api';

/** The form as typed: the expiry is one "MM/YY" field, as printed on the card. */
const cardFormSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { message: 'cardNumberInvalid' })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, { message: 'cardExpiryInvalid' }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { message: 'cardCvcInvalid' }),
  name: z
    .string()
    .trim()
    .min(1, { message: 'cardNameRequired' })
    .max(100, { message: 'nameTooLong' }),
  save: z.boolean(),
});
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormValues = z.output<typeof cardFormSchema>;
export type SandboxCardForm = UseFormReturn<CardFormInput, unknown, CardFormValues>;

export function useSandboxCardForm(save: boolean) {
  return useForm<CardFormInput, unknown, CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { number: '', expiry: '', cvc: '', name: '', save },
  });
}

/**
 * Sends the card to the sandbox's tokenising call and answers with the method id, or puts the
 * server's refusal on the field it is about (a Luhn-invalid number on the number).
 */
export async function tokenizeSandboxCard(
  form: SandboxCardForm,
): Promise<{ paymentMethodId: string } | { error: string; onField: boolean }> {
  let values: CardFormValues | undefined;
  await form.handleSubmit((valid) => {
    values = valid;
  })();
  if (!values) return { error: translateValidation('invalidValue') ?? '', onField: true };
  const [month, year] = values.expiry.split('/').map((part) => Number(part.trim()));
  try {
    const card = await addSandboxCard({
      number: values.number,
      expMonth: month!,
      expYear: year!,
      cvc: values.cvc,
      name: values.name,
      save: values.save,
    });
    return { paymentMethodId: card.paymentMethodId };
  } catch (error) {
    const message = errorMessage(error);
    const code = error instanceof ApiError ? error.code : undefined;
    if (code === 'card_invalid') form.setError('number', { message });
    else if (code === 'card_expired') form.setError('expiry', { message });
    return { error: message, onField: code === 'card_invalid' || code === 'card_expired' };
  }
}
