import { Readable } from 'node:stream';
import {
  chatRequestSchema,
  chatResponseSchema,
  conversationParamsSchema,
  conversationSchema,
  conversationsResponseSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  renameConversationSchema,
  type ChatStreamEvent,
} from '@vowa/shared/assistant/assistant-schemas';
import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import { markReadSchema } from '@vowa/shared/groups/group-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/authenticate';
import type { Caller } from '../assistant/assistant-service';
import type { ChatService } from './chat-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];

/** The chat call is open to guests (part 2 §1); with a bearer token it must be a live one. */
async function authenticateIfSignedIn(
  this: { authenticate: (r: FastifyRequest, s: FastifyReply) => Promise<void> },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (request.headers.authorization !== undefined) await this.authenticate(request, reply);
}

/** The events of one turn as server-sent events: `event: <type>` and the rest as `data:`. */
function serverSentEvents(events: AsyncIterable<ChatStreamEvent>) {
  return Readable.from(
    (async function* () {
      for await (const { type, ...data } of events) {
        yield `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
      }
    })(),
  );
}

/** Runs a turn to its end for the plain JSON call; a failed assistant is a 503. */
async function wholeResponse(events: AsyncIterable<ChatStreamEvent>) {
  for await (const event of events) {
    if (event.type === 'done') return event.response;
    if (event.type === 'error') throw new AppError('assistant_unavailable', event.detail);
  }
  throw new AppError('assistant_unavailable', 'The assistant ended without a reply.');
}

/**
 * The assistant and conversations under /api/llm (part 2 §7): the chat call as JSON and as a
 * stream, and the conversation list, pages of messages, rename and delete. The person is always
 * the session's; `user_id` in a body is never read.
 */
export const chatRoutes: FastifyPluginAsyncZod<{
  service: ChatService;
  callerOf: (request: FastifyRequest) => Promise<Caller>;
  rateLimitMax: number;
}> = async (app, { service, callerOf, rateLimitMax }) => {
  const tags = ['assistant'];
  // Each message may run several searches: counted per person, or per address for guests.
  const config = {
    rateLimit: {
      max: rateLimitMax,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? `guest:${request.ip}`,
    },
  };
  const chat = {
    onRequest: authenticateIfSignedIn,
    config,
    schema: {
      tags,
      security,
      body: chatRequestSchema,
    },
  };

  app.post(
    '/chat',
    {
      ...chat,
      schema: {
        ...chat.schema,
        summary: 'Send the assistant a message and receive its whole reply',
        response: { 200: chatResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return wholeResponse(
        service.converse(caller, request.body.message, request.body.conversation_id),
      );
    },
  );

  app.post(
    '/chat/stream',
    {
      ...chat,
      schema: {
        ...chat.schema,
        summary:
          'Send the assistant a message; the reply streams as server-sent events (conversation, status, text, done or error)',
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      // Bad input and a missing conversation are answered as JSON errors before the stream
      // starts; after that, a failure is the stream's own `error` event.
      const events = service.converse(caller, request.body.message, request.body.conversation_id);
      const first = await events.next();
      const rest = (async function* () {
        if (!first.done) yield first.value;
        yield* events;
      })();
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .send(serverSentEvents(rest));
    },
  );

  const user = (request: FastifyRequest) => requireAuth(request).userId;

  app.get(
    '/conversations',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The person's conversations, the most recently active first",
        response: { 200: conversationsResponseSchema, ...errors },
      },
    },
    async (request) => ({ conversations: await service.conversations(user(request)) }),
  );

  app.get(
    '/conversations/:conversationId/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'A page of messages, oldest first; `before` pages back, `after` catches up on what came since',
        params: conversationParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.messages(request.params.conversationId, user(request), request.query),
  );

  app.post(
    '/conversations/:conversationId/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark the conversation read up to a message (one seen live in the open thread)',
        params: conversationParamsSchema,
        body: markReadSchema,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await service.markRead(request.params.conversationId, user(request), request.body.seq);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/conversations/:conversationId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Rename a conversation',
        params: conversationParamsSchema,
        body: renameConversationSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) =>
      service.rename(request.params.conversationId, user(request), request.body.name),
  );

  app.delete(
    '/conversations/:conversationId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Delete a conversation and its messages',
        params: conversationParamsSchema,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.conversationId, user(request));
      return reply.code(204).send(null);
    },
  );
};
