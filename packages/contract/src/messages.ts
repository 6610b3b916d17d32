import { z } from 'zod';
import { bodyIdSchema, idSchema, inputString, requiredText } from './common.js';
import { crisisHelpSchema } from './crisis.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { instantSchema } from './when.js';

/** The longest message, in characters. */
export const MESSAGE_MAX_CHARS = 4000;
/** Messages one person may send in an hour, across all their conversations. */
export const MESSAGES_PER_HOUR = 60;
/** The most messages one page of a thread holds. */
export const MESSAGES_PAGE_MAX = 100;
export const MESSAGES_PAGE_DEFAULT = 30;
export const CONVERSATIONS_PAGE_MAX = 50;
/** The longest auto-reply text. */
export const AUTO_REPLY_MAX_CHARS = 1000;

/** DIRECT: one patient and one psychologist; GROUP: a group program's announcements, written by its psychologist. */
export const CONVERSATION_KINDS = ['DIRECT', 'GROUP'] as const;
export const conversationKindSchema = z.enum(CONVERSATION_KINDS);
export type ConversationKind = z.infer<typeof conversationKindSchema>;

/** The other party of a conversation as the reader sees them (for a group: its psychologist). */
export const conversationPartySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['PATIENT', 'PSYCHOLOGIST']),
});

export const conversationSchema = z.object({
  id: z.number().int(),
  kind: conversationKindSchema,
  other: conversationPartySchema,
  /** A group conversation's program title; null for a direct one. */
  groupTitle: z.string().nullable(),
  programId: z.number().int().nullable(),
  /** Messages from the other side the reader has not read. */
  unread: z.number().int(),
  lastMessageAt: z.string().nullable(),
  /** Closed by the psychologist when treatment ended: it can still be read, not written to. */
  closed: z.boolean(),
  /** Whether the reader may write here now (members read a group's announcements and reply privately). */
  canWrite: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /conversations?page=&size=: the reader's conversations, latest message first; `unread` counts all of them. */
export const conversationsQuerySchema = pageQuerySchema(CONVERSATIONS_PAGE_MAX);
export const conversationsPageSchema = pageSchema(conversationSchema).extend({ unread: z.number().int() });
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

/** POST /conversations: a patient names a psychologist, a psychologist a patient; exactly one of the two. */
export const startConversationBodySchema = z.union([
  z.strictObject({ psychologistId: bodyIdSchema }),
  z.strictObject({ patientId: bodyIdSchema }),
]);
export type StartConversationBody = z.infer<typeof startConversationBodySchema>;

export const messageAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  /** Whether the reader wrote it. */
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  /** Whether the other side has read it (the reader's own messages only; false for others'). */
  readByOther: z.boolean(),
  attachments: z.array(messageAttachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /conversations/{id}/messages?before=&size=: newest first, older ones through `before` (a message id). */
export const messagesQuerySchema = z.object({
  before: idSchema.optional(),
  size: inputString()
    .regex(/^[1-9][0-9]*$/, 'Expected a positive whole number in plain digits')
    .transform(Number)
    .pipe(z.number().max(MESSAGES_PAGE_MAX))
    .optional()
    .default(MESSAGES_PAGE_DEFAULT),
});
export type MessagesQuery = z.output<typeof messagesQuerySchema>;
export const messagesPageSchema = z.object({
  content: z.array(messageSchema),
  /** True when no older messages are left. */
  last: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** POST /conversations/{id}/messages: plain text; links become clickable when shown. */
export const sendMessageBodySchema = z.object({ body: requiredText(MESSAGE_MAX_CHARS) });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** The reader's unread messages in all conversations (GET /conversations/unread, PUT …/read). */
export const messagesUnreadSchema = z.object({ unread: z.number().int() });

/**
 * A psychologist's auto-reply, which a patient sees before sending: AWAY until an instant, or HOURS (outside the
 * working hours the text says); OFF none.
 */
export const AUTO_REPLY_MODES = ['OFF', 'AWAY', 'HOURS'] as const;
export const autoReplySchema = z.object({
  mode: z.enum(AUTO_REPLY_MODES),
  awayUntil: instantSchema.nullable(),
  text: inputString().trim().max(AUTO_REPLY_MAX_CHARS),
});
export type AutoReply = z.infer<typeof autoReplySchema>;
/**
 * GET /admin/users/{id}/conversations: an account's conversations as an admin sees them for abuse handling: that they
 * exist, between whom, and their size, never a message (each look is on the audit trail).
 */
export const adminConversationSchema = z.object({
  id: z.number().int(),
  kind: conversationKindSchema,
  psychologistId: z.number().int(),
  patientId: z.number().int().nullable(),
  programId: z.number().int().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string().nullable(),
  closed: z.boolean(),
  messages: z.number().int(),
  attachments: z.number().int(),
  /** Stored bytes of the sealed messages and files. */
  bytes: z.number().int(),
});
export const adminConversationsSchema = z.array(adminConversationSchema);
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/**
 * GET /conversations/{id}: the conversation, the other side's auto-reply while it applies, and the crisis help of the
 * patient's country, which every composer shows (null in a group's announcements for its psychologist).
 */
export const conversationDetailSchema = conversationSchema.extend({
  autoReply: z.string().nullable(),
  crisis: crisisHelpSchema.nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;
