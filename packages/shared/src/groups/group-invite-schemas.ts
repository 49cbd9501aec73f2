import { z } from 'zod';
import { conversationSchema } from '../assistant/assistant-schemas';
import { checkInviteAddress, inviteTypes } from './group-invite-rules';

export * from './group-invite-rules';

/**
 * `POST /api/user_management/users/invite` (part 2 §7): `{ type, value, chat_id }`. The value is
 * re-checked here with the dialog's own rules: an email, or '+' and the digits of a phone number
 * whose country code the dialog put in front.
 */
export const groupInviteSchema = z
  .object({
    type: z.enum(inviteTypes, { message: 'invalidValue' }),
    value: z.string({ message: 'invalidValue' }).max(320, { message: 'inviteEmailInvalid' }),
    chat_id: z.string({ message: 'conversationInvalid' }).uuid({ message: 'conversationInvalid' }),
  })
  .transform((body, context) => {
    const checked = checkInviteAddress(body.type, body.value);
    if (!checked.ok) {
      context.addIssue({ code: 'custom', path: ['value'], message: checked.code });
      return z.NEVER;
    }
    return { ...body, value: checked.value };
  });
export type GroupInviteRequest = z.input<typeof groupInviteSchema>;

/**
 * The same answer whoever the address belongs to (decision 0004): it says an invitation is on
 * its way, nothing about an account.
 */
export const groupInviteSentSchema = z.object({
  id: z.string(),
  type: z.enum(inviteTypes),
  /** ISO time the link stops working. */
  expiresAt: z.string(),
});
export type GroupInviteSent = z.infer<typeof groupInviteSentSchema>;

export const inviteCodeParamsSchema = z.object({
  conversationId: z.string().uuid({ message: 'conversationInvalid' }),
});
export const inviteCodeIdParamsSchema = inviteCodeParamsSchema.extend({
  codeId: z.string().max(64),
});

/** A new code for the dialog, each time it opens (part 2 §2). */
export const inviteCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  expiresAt: z.string(),
});
export type InviteCode = z.infer<typeof inviteCodeSchema>;

/** `POST /api/llm/groups/join`: a code typed in the app, or the token of a mailed/texted link. */
export const joinGroupSchema = z
  .object({
    code: z.string().max(64).optional(),
    token: z.string().max(512).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.token === undefined), {
    message: 'invalidValue',
    path: ['code'],
  });
export type JoinGroupRequest = z.input<typeof joinGroupSchema>;

export const joinGroupResponseSchema = z.object({ conversation: conversationSchema });
export type JoinGroupResponse = z.infer<typeof joinGroupResponseSchema>;
