import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  INBOX_MESSAGES,
  INBOX_PREVIEW_LENGTH,
  INBOX_STATUSES,
  MAX_INBOX_PAGE,
  MAX_REPLY_LENGTH,
  REPLY_MAIL_STATES,
  inboxItemSchema,
  inboxPageSchema,
  inboxParamsSchema,
  inboxQuerySchema,
  inboxReplyCreateSchema,
  inboxReplySchema,
  inboxStatusChangeSchema,
  inboxThreadSchema,
} from './desk-messages.ts';

const check = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error?.issues[0]?.message;
};

/** Every message, for rules that must stop at the first. */
const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('inbox bounds, states and messages', () => {
  it('knows a message as new, answered or closed, and a reply’s e-mail as sending, sent or failed', () => {
    expect(INBOX_STATUSES).toEqual(['new', 'answered', 'closed']);
    expect(REPLY_MAIL_STATES).toEqual(['sending', 'sent', 'failed']);
  });

  it('bounds a reply, a page and a preview', () => {
    expect(MAX_REPLY_LENGTH).toBe(5000);
    expect(MAX_INBOX_PAGE).toBe(50);
    expect(INBOX_PREVIEW_LENGTH).toBe(160);
  });

  it('says what went wrong in words staff can act on', () => {
    expect(INBOX_MESSAGES).toEqual({
      replyRequired: 'Write a reply first.',
      replyTooLong: 'A reply can be at most 5000 characters.',
      replyInvalid: 'A reply can hold text and line breaks only.',
      statusInvalid: 'Choose new, answered or closed.',
      messageNotFound: 'No message has that id.',
      replyNotSent: 'The reply could not be e-mailed. It is kept in the thread; try again soon.',
    });
  });
});

describe('the inbox query', () => {
  it('takes a brand, a status and an id to list before, each optional', () => {
    expect(inboxQuerySchema.parse({})).toEqual({});
    expect(inboxQuerySchema.parse({ brand: 'pv', status: 'answered', before: '42' })).toEqual({
      brand: 'pv',
      status: 'answered',
      before: 42,
    });
    for (const status of INBOX_STATUSES)
      expect(inboxQuerySchema.parse({ status })).toEqual({ status });
    expect(inboxQuerySchema.parse({ brand: 'dh' })).toEqual({ brand: 'dh' });
  });

  it('says what to choose for an unknown brand or status', () => {
    expect(check(inboxQuerySchema, { brand: 'xx' })).toBe('Choose dh or pv.');
    expect(check(inboxQuerySchema, { status: 'open' })).toBe(INBOX_MESSAGES.statusInvalid);
    expect(check(inboxQuerySchema, { status: 'NEW' })).toBe(INBOX_MESSAGES.statusInvalid);
  });

  it('lists before a whole id from 1 to the database’s largest', () => {
    expect(inboxQuerySchema.parse({ before: '1' })).toEqual({ before: 1 });
    expect(inboxQuerySchema.parse({ before: '2147483647' })).toEqual({ before: 2_147_483_647 });
    for (const before of ['0', '-3', '1.5', 'abc', '2147483648'])
      expect(check(inboxQuerySchema, { before })).toBe(INBOX_MESSAGES.messageNotFound);
  });

  it('takes nothing else', () => {
    expect(check(inboxQuerySchema, { page: '2' })).not.toBe('ok');
  });
});

describe('a message’s parameters', () => {
  it('are its id, a whole number from 1 to the database’s largest', () => {
    expect(inboxParamsSchema.parse({ id: '9' })).toEqual({ id: 9 });
    expect(inboxParamsSchema.parse({ id: 2_147_483_647 })).toEqual({ id: 2_147_483_647 });
    for (const id of ['0', '2147483648', '2.5', 'x', undefined])
      expect(check(inboxParamsSchema, { id })).toBe(INBOX_MESSAGES.messageNotFound);
    expect(check(inboxParamsSchema, { id: '1', brand: 'dh' })).not.toBe('ok');
  });
});

describe('a reply', () => {
  it('is taken trimmed', () => {
    expect(inboxReplyCreateSchema.parse({ body: '  Thank you.  ' })).toEqual({
      body: 'Thank you.',
    });
  });

  it('may hold line breaks and tabs, as a letter does', () => {
    const body = 'Dear reader,\n\n\tThank you.\r\n\r\nRegards,\tFolio';
    expect(inboxReplyCreateSchema.parse({ body: `\n${body}\n` })).toEqual({ body });
  });

  it('holds no other control character, nor a broken one', () => {
    for (const body of ['a\u0000b', 'a\u0007', 'a\u001b[1m', 'a\u007f', 'a\u0085', 'a\ud800b'])
      expect(check(inboxReplyCreateSchema, { body })).toBe(INBOX_MESSAGES.replyInvalid);
    expect(check(inboxReplyCreateSchema, { body: 'ok \u{1F600} \u00e9 ಕನ್ನಡ' })).toBe('ok');
    expect(check(inboxReplyCreateSchema, { body: 'a\ud83d\n\ude00' })).toBe(
      INBOX_MESSAGES.replyInvalid,
    );
  });

  it('is at most MAX_REPLY_LENGTH characters', () => {
    expect(check(inboxReplyCreateSchema, { body: 'x'.repeat(MAX_REPLY_LENGTH) })).toBe('ok');
    expect(check(inboxReplyCreateSchema, { body: 'x'.repeat(MAX_REPLY_LENGTH + 1) })).toBe(
      INBOX_MESSAGES.replyTooLong,
    );
  });

  it('is not blank', () => {
    for (const body of ['', '   ', '\n\t\r\n'])
      expect(check(inboxReplyCreateSchema, { body })).toBe(INBOX_MESSAGES.replyRequired);
    expect(check(inboxReplyCreateSchema, { body: 'k' })).toBe('ok');
  });

  it('says one thing at a time: too long before anything else, then broken before blank', () => {
    expect(
      messages(inboxReplyCreateSchema, { body: `${'x'.repeat(MAX_REPLY_LENGTH)}\u0000` }),
    ).toEqual([INBOX_MESSAGES.replyTooLong]);
    expect(messages(inboxReplyCreateSchema, { body: '\u000b' })).toEqual([
      INBOX_MESSAGES.replyInvalid,
    ]);
  });

  it('is text, and nothing but the body', () => {
    expect(check(inboxReplyCreateSchema, {})).toBe(INBOX_MESSAGES.replyRequired);
    expect(check(inboxReplyCreateSchema, { body: 42 })).toBe(INBOX_MESSAGES.replyRequired);
    expect(check(inboxReplyCreateSchema, { body: 'Hi', to: 'a@b.c' })).not.toBe('ok');
  });
});

describe('a status change', () => {
  it('is new, answered or closed', () => {
    for (const status of INBOX_STATUSES)
      expect(inboxStatusChangeSchema.parse({ status })).toEqual({ status });
    expect(check(inboxStatusChangeSchema, { status: 'archived' })).toBe(
      INBOX_MESSAGES.statusInvalid,
    );
    expect(check(inboxStatusChangeSchema, {})).toBe(INBOX_MESSAGES.statusInvalid);
    expect(check(inboxStatusChangeSchema, { status: 'closed', note: 'x' })).not.toBe('ok');
  });
});

describe('what the inbox answers', () => {
  const item = {
    id: 5,
    brand: 'dh',
    name: 'Asha',
    email: 'asha@example.com',
    subject: 'Delivery',
    preview: 'The paper did not',
    receivedAt: '2026-11-20T06:00:00.000Z',
    status: 'new',
    replies: 0,
  };
  const reply = {
    id: 1,
    by: 'staff@example.com',
    body: 'Sorry.',
    sentAt: '2026-11-20T07:00:00.000Z',
    mail: 'sent',
  };

  it('reads a page of messages whole', () => {
    const page = {
      messages: [item, { ...item, id: 4, brand: 'pv', status: 'closed', replies: 2 }],
      next: 4,
      counts: { new: 1, answered: 0, closed: 1 },
    };
    expect(inboxPageSchema.parse(page)).toEqual(page);
    expect(inboxPageSchema.parse({ ...page, next: null })).toEqual({ ...page, next: null });
    expect(inboxItemSchema.parse(item)).toEqual(item);
    expect(check(inboxItemSchema, { ...item, status: 'open' })).not.toBe('ok');
    expect(check(inboxPageSchema, { ...page, counts: { new: 1, answered: 0 } })).not.toBe('ok');
  });

  it('reads a thread: the whole message, no preview, and its replies', () => {
    const { preview: _preview, replies: _replies, ...rest } = item;
    const thread = {
      message: { ...rest, message: 'The paper did not come today.' },
      replies: [reply, { ...reply, id: 2, mail: 'sending' }, { ...reply, id: 3, mail: 'failed' }],
    };
    expect(inboxThreadSchema.parse(thread)).toEqual(thread);
    expect(
      inboxThreadSchema.parse({ ...thread, message: { ...thread.message, preview: 'x' } }),
    ).toEqual(thread);
    expect(check(inboxThreadSchema, { ...thread, message: rest })).not.toBe('ok');
    expect(inboxReplySchema.parse(reply)).toEqual(reply);
    expect(check(inboxReplySchema, { ...reply, mail: 'queued' })).not.toBe('ok');
  });
});
