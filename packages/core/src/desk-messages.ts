// The desk's inbox (issue 27 part 4): what readers sent through Get in touch, its
// status, and the replies staff e-mail from the console, kept as the message's
// thread. Re-exported by desk.ts, so it is part of `@folio/core/desk`.
import { z } from 'zod';
import { BRAND_CODES } from './brands.ts';

/** Where a reader's message stands: nobody has answered, somebody has, or it needs nothing more. */
export const INBOX_STATUSES = ['new', 'answered', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** What happened to a reply's e-mail. */
export const REPLY_MAIL_STATES = ['sending', 'sent', 'failed'] as const;

/** The longest reply staff may send (as long as the longest message a reader may). */
export const MAX_REPLY_LENGTH = 5000;
/** The most messages one request lists. */
export const MAX_INBOX_PAGE = 50;
/** How much of a message the list shows. */
export const INBOX_PREVIEW_LENGTH = 160;

export const INBOX_MESSAGES = {
  replyRequired: 'Write a reply first.',
  replyTooLong: `A reply can be at most ${MAX_REPLY_LENGTH} characters.`,
  replyInvalid: 'A reply can hold text and line breaks only.',
  statusInvalid: 'Choose new, answered or closed.',
  messageNotFound: 'No message has that id.',
  replyNotSent: 'The reply could not be e-mailed. It is kept in the thread; try again soon.',
} as const;

/** Line breaks and tabs belong in a letter; every other control character does not. */
const LETTER_WHITESPACE = /[\t\n\r]/g;
const CONTROL_OR_BROKEN = /[\p{Cc}\p{Cs}]/u;

const brandSchema = z.enum(BRAND_CODES, { error: 'Choose dh or pv.' });
const statusSchema = z.enum(INBOX_STATUSES, { error: INBOX_MESSAGES.statusInvalid });
const messageIdSchema = z.coerce
  .number({ error: INBOX_MESSAGES.messageNotFound })
  .int()
  .min(1)
  .max(2_147_483_647);

/** GET /api/desk/messages: one brand's messages, newest first, of one status or all. */
export const inboxQuerySchema = z.strictObject({
  brand: brandSchema.optional(),
  status: statusSchema.optional(),
  /** An id from the last page's `next`: messages older than it. */
  before: messageIdSchema.optional(),
});

export const inboxParamsSchema = z.strictObject({ id: messageIdSchema });

export const inboxItemSchema = z.object({
  id: z.number(),
  brand: z.enum(BRAND_CODES),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** The message's first words. */
  preview: z.string(),
  receivedAt: z.string(),
  status: z.enum(INBOX_STATUSES),
  replies: z.number(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  messages: z.array(inboxItemSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.number().nullable(),
  /** How many of the brand's messages have each status. */
  counts: z.object({ new: z.number(), answered: z.number(), closed: z.number() }),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxReplySchema = z.object({
  id: z.number(),
  /** The staff member's e-mail. */
  by: z.string(),
  body: z.string(),
  sentAt: z.string(),
  mail: z.enum(REPLY_MAIL_STATES),
});
export type InboxReply = z.infer<typeof inboxReplySchema>;

export const inboxThreadSchema = z.object({
  message: inboxItemSchema.omit({ preview: true, replies: true }).extend({ message: z.string() }),
  replies: z.array(inboxReplySchema),
});
export type InboxThread = z.infer<typeof inboxThreadSchema>;

/** POST /api/desk/messages/:id/replies: the reply, e-mailed to the reader. */
export const inboxReplyCreateSchema = z.strictObject({
  body: z
    .string({ error: INBOX_MESSAGES.replyRequired })
    .max(MAX_REPLY_LENGTH, { error: INBOX_MESSAGES.replyTooLong, abort: true })
    .refine((text) => !CONTROL_OR_BROKEN.test(text.replace(LETTER_WHITESPACE, ' ')), {
      error: INBOX_MESSAGES.replyInvalid,
      abort: true,
    })
    .trim()
    .min(1, { error: INBOX_MESSAGES.replyRequired }),
});

/** PATCH /api/desk/messages/:id: close a message, or open it again. */
export const inboxStatusChangeSchema = z.strictObject({ status: statusSchema });
