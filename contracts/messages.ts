import { z } from 'zod';
import { hasNoNul } from './clinics.ts';
import { ROLES } from './constants.ts';
import { keysetPageSchema, pageNumber, TimeCursorParamSchema } from './cursors.ts';

// Messaging (issue 11): conversations between two parties. A party is a person with an account, the
// certification body's team (every admin reads and answers its conversations), or a guest who wrote
// through the contact form. Who may start a conversation with whom is the server's rule
// (server/services/messages/rules.ts).

export const MESSAGE_MAX_LENGTH = 5000;
export const CONVERSATION_PAGE_SIZE = 20;
export const THREAD_PAGE_SIZE = 30;

export const MessageContentSchema = z
  .string()
  .trim()
  .min(1, 'validation:messageEmpty')
  .max(MESSAGE_MAX_LENGTH, 'validation:messageTooLong')
  .refine(hasNoNul, 'validation:textInvalid');

export const PartySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.uuid(), fullName: z.string(), role: z.enum(ROLES) }),
  /** The certification body: the admins, together. */
  z.object({ kind: z.literal('team') }),
  /**
   * Someone without an account, from the contact form: answered by email. `unconfirmed`: the address
   * already had a conversation and this one was started without its link, so nothing shows that the
   * sender holds the address (issue 27).
   */
  z.object({ kind: z.literal('guest'), email: z.string(), name: z.string(), unconfirmed: z.boolean() }),
]);
export type Party = z.infer<typeof PartySchema>;

const timestamp = z.iso.datetime({ offset: true });

export const MessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  /** Written by the party reading it (for an admin: by the team). */
  fromMe: z.boolean(),
  /** Who wrote it: the person's name, or the admin's for the team. */
  senderName: z.string(),
  content: z.string(),
  createdAt: timestamp,
  /** When the other party opened the conversation after it arrived; null while unread. */
  readAt: timestamp.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSummarySchema = z.object({
  id: z.uuid(),
  /** The other party, as the reader sees it. */
  counterpart: PartySchema,
  lastMessage: MessageSchema.pick({ content: true, createdAt: true, fromMe: true }),
  /** Messages to the reader that it has not opened. */
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** GET /api/messages/conversations: newest conversation first, a page at a time. */
export const ConversationListQuerySchema = z.object({ page: pageNumber });
export const ConversationListSchema = z.object({
  items: z.array(ConversationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Unread messages in all the reader's conversations: the menu's count. */
  unreadTotal: z.number().int(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const ConversationParamsSchema = z.object({ id: z.uuid('validation:notFound') });

/** GET /api/messages/conversations/:id/messages: newest first; `before` is the last page's cursor. */
export const ThreadQuerySchema = z.object({ before: TimeCursorParamSchema.optional() });
/** `nextCursor`: older messages exist; ask again with it as `before`. */
export const ThreadPageSchema = keysetPageSchema(MessageSchema).extend({ conversation: ConversationSummarySchema });
export type ThreadPage = z.infer<typeof ThreadPageSchema>;

/** POST /api/messages: starts a conversation (or continues the one there is) with a person or the team. */
export const NewMessageSchema = z.strictObject({
  to: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('user'), id: z.uuid('validation:notFound') }),
      z.strictObject({ kind: z.literal('team') }),
    ],
    {
      error: 'validation:invalidRequest',
    },
  ),
  content: MessageContentSchema,
});
export type NewMessage = z.infer<typeof NewMessageSchema>;

/** POST /api/messages/conversations/:id/messages: a reply in a conversation the writer is part of. */
export const ReplySchema = z.strictObject({ content: MessageContentSchema });

export const SentMessageSchema = z.object({ conversationId: z.uuid(), message: MessageSchema });
export type SentMessage = z.infer<typeof SentMessageSchema>;

/** GET /api/messages/unread and the answer to marking a conversation read. */
export const UnreadSchema = z.object({ unreadTotal: z.number().int() });
export type Unread = z.infer<typeof UnreadSchema>;

// The live stream (issue 11, SPEC section 9 "Realtime defaults"). GET /api/messages/stream answers
// server-sent events to a signed-in reader; the browser reads it with fetch, because EventSource
// cannot send the Authorization header. Events:
// - `ready` (UnreadSchema): the stream is open, with the reader's unread total;
// - `message` (StreamMessageSchema), whose SSE id is a cursor: sent back as `Last-Event-ID` on
//   reconnecting, the server first replays what arrived meanwhile (up to STREAM_CATCH_UP_LIMIT);
// - `ping` (no data) every STREAM_HEARTBEAT_MS, so both ends notice a dead connection;
// - `end` (StreamEndSchema), then the server closes the stream: `session_ended` when the session was
//   signed out or revoked (do not reconnect with it); `too_many_streams` when the account opened more
//   streams than the server keeps (STREAMS_PER_ACCOUNT, 5 by default) and this was its oldest: do not
//   reconnect on your own, or the tabs would end each other's streams in a loop; a tab that is looked
//   at again may.
export const MESSAGE_STREAM_PATH = '/api/messages/stream';
export const STREAM_HEARTBEAT_MS = 25_000;
/** How long past a missed heartbeat (and for the stream to open) the browser waits before reconnecting. */
export const STREAM_TIMEOUT_MS = 10_000;
/** Waits before the 1st, 2nd, 3rd and every later reconnect. */
export const STREAM_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
export const STREAM_CATCH_UP_LIMIT = 200;

export const StreamMessageSchema = z.object({
  conversationId: z.uuid(),
  /** As the reader sees it: `fromMe` is true in the writer's own other tabs. */
  message: MessageSchema,
  /** The reader's unread total after this message: the menu's count. */
  unreadTotal: z.number().int(),
});
export type StreamMessage = z.infer<typeof StreamMessageSchema>;

export const StreamEndSchema = z.object({ code: z.enum(['session_ended', 'too_many_streams']) });
export type StreamEnd = z.infer<typeof StreamEndSchema>;
