import { z } from 'zod';
import {
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CONVERSATION_NAME_LENGTH,
} from '../assistant/assistant-schemas';

// The card union lives apart so the chat message schema can use it without an import cycle.
export * from './group-card-schema';

/** The tag that asks the assistant for help in a group (part 2 §2). */
export const MENTION = '@vowa';

/**
 * Whether a group message asks the assistant: `@vowa` in any case, not part of a longer word
 * (`@vowabot` is someone else), anywhere in the text.
 */
export function mentionsAssistant(text: string): boolean {
  return /@vowa(?![\p{L}\p{N}_])/iu.test(text);
}

export const groupRoles = ['owner', 'member'] as const;
export type GroupRole = (typeof groupRoles)[number];

export const createGroupSchema = z.object({
  name: z
    .string({ message: 'groupNameRequired' })
    .trim()
    .min(1, { message: 'groupNameRequired' })
    .max(MAX_CONVERSATION_NAME_LENGTH, { message: 'conversationNameTooLong' }),
});
export type CreateGroupRequest = z.input<typeof createGroupSchema>;

export const sendGroupMessageSchema = z.object({
  content: z
    .string({ message: 'messageRequired' })
    .trim()
    .min(1, { message: 'messageRequired' })
    .max(MAX_CHAT_MESSAGE_LENGTH, { message: 'messageTooLong' }),
  /** Made by the client per message and reused on a retry, so a retry never posts it twice. */
  client_id: z.string().uuid({ message: 'clientIdInvalid' }),
});
export type SendGroupMessageRequest = z.input<typeof sendGroupMessageSchema>;

export const groupMemberParamsSchema = z.object({
  conversationId: z.string().uuid({ message: 'conversationInvalid' }),
  userId: z.string().uuid({ message: 'userInvalid' }),
});

export const groupMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** Null when that person hides their online status. */
  isOnline: z.boolean().nullable(),
  role: z.enum(groupRoles),
  /** ISO time they joined. */
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMembersResponseSchema = z.object({ members: z.array(groupMemberSchema) });
export type GroupMembersResponse = z.infer<typeof groupMembersResponseSchema>;

export const markReadSchema = z.object({
  /** The newest message seq the person has seen. */
  seq: z.coerce.number().int().positive(),
});
export type MarkReadRequest = z.input<typeof markReadSchema>;
