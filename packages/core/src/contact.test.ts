import { describe, expect, it } from 'vitest';
import {
  CONTACT_FIELD_SCHEMAS,
  CONTACT_MESSAGES,
  CONTACT_REDIRECT_MS,
  CONTACT_SUBJECTS,
  CONTACT_WINDOW_MINUTES,
  DEFAULT_CONTACT_LIMIT,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_HONEYPOT_LENGTH,
  MIN_CONTACT_MESSAGE_LENGTH,
  MIN_CONTACT_NAME_LENGTH,
  contactFieldError,
  contactRequestSchema,
  type ContactField,
} from './contact.ts';

const valid = {
  name: 'Asha Rao',
  email: 'asha@paper.in',
  subject: 'Report a Correction',
  message: 'The caption on page 3 names the wrong minister.',
};

const messagesOf = (body: unknown) => {
  const result = contactRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the contact form (spec 2 §5)', () => {
  it('says the spec words for each field, live, one message at a time', () => {
    expect(contactFieldError('name', '')).toBe('Field is empty');
    expect(contactFieldError('name', '   ')).toBe('Field is empty');
    expect(contactFieldError('name', 'A')).toBe('Please enter a valid name');
    expect(contactFieldError('name', 'Al')).toBeNull();
    expect(contactFieldError('email', '')).toBe('Email is required');
    expect(contactFieldError('email', 'asha@')).toBe('Please enter a valid email address');
    expect(contactFieldError('email', 'y<victim@x.io>')).toBe('Please enter a valid email address');
    expect(contactFieldError('email', 'asha@paper.in')).toBeNull();
    expect(contactFieldError('subject', '')).toBe('No option selected');
    expect(contactFieldError('subject', 'Complaint')).toBe('No option selected');
    expect(contactFieldError('message', '')).toBe('Please enter a message');
    expect(contactFieldError('message', 'Too short')).toBe(
      'Message must be at least 10 characters long',
    );
    expect(contactFieldError('message', '  123456789  ')).toBe(
      'Message must be at least 10 characters long',
    );
    expect(contactFieldError('message', '1234567890')).toBeNull();
  });

  it('offers the four subjects of spec 2 §9', () => {
    expect(CONTACT_SUBJECTS).toEqual([
      'General Feedback',
      'Report a Correction',
      'Story Suggestion',
      'Other',
    ]);
    for (const subject of CONTACT_SUBJECTS)
      expect(contactFieldError('subject', subject)).toBeNull();
  });

  it('keeps line breaks in a message and refuses other control characters', () => {
    expect(contactFieldError('message', 'First line\nsecond line\r\n\tthird')).toBeNull();
    expect(contactFieldError('message', 'Hello there\u0000 editor')).toBe(
      CONTACT_MESSAGES.messageInvalid,
    );
    expect(contactFieldError('name', 'Asha\nRao')).toBe('Please enter a valid name');
  });

  it('bounds every field', () => {
    expect(contactFieldError('name', 'A'.repeat(101))).toBe(CONTACT_MESSAGES.nameTooLong);
    expect(contactFieldError('email', `${'a'.repeat(250)}@x.io`)).toBe(
      'Please enter a valid email address',
    );
    expect(contactFieldError('message', 'm'.repeat(MAX_CONTACT_MESSAGE_LENGTH))).toBeNull();
    expect(contactFieldError('message', 'm'.repeat(MAX_CONTACT_MESSAGE_LENGTH + 1))).toBe(
      CONTACT_MESSAGES.messageTooLong,
    );
    expect(messagesOf({ ...valid, website: 'w'.repeat(501) })).toEqual([
      CONTACT_MESSAGES.honeypotInvalid,
    ]);
  });

  it('trims and lower-cases what it keeps, and refuses fields it does not know', () => {
    expect(
      contactRequestSchema.parse({ ...valid, name: ' Asha Rao ', email: ' Asha@Paper.IN ' }),
    ).toEqual({ ...valid });
    expect(messagesOf({ ...valid, phone: '9876543210' })).toHaveLength(1);
    expect(messagesOf({ subject: 'Other' })).toEqual([
      'Field is empty',
      'Email is required',
      'Please enter a message',
    ]);
  });
});

describe('contact words and limits (spec 2 §9)', () => {
  it('says every message word for word', () => {
    const { tooMany, ...texts } = CONTACT_MESSAGES;
    expect(texts).toEqual({
      nameEmpty: 'Field is empty',
      nameInvalid: 'Please enter a valid name',
      nameTooLong: 'Name must be at most 100 characters',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      subjectMissing: 'No option selected',
      messageEmpty: 'Please enter a message',
      messageTooShort: 'Message must be at least 10 characters long',
      messageTooLong: 'Message must be at most 5000 characters long',
      messageInvalid: 'Message must not contain control characters',
      honeypotInvalid: 'This field must be left empty',
      sent: 'Message sent successfully!',
      sendFailed: 'Failed to send message. Please try again later.',
    });
    expect(tooMany(10)).toBe(
      'You have sent several messages in a short time. Please try again in 10 minutes.',
    );
    expect(tooMany(2)).toBe(
      'You have sent several messages in a short time. Please try again in 2 minutes.',
    );
    expect(tooMany(1)).toBe(
      'You have sent several messages in a short time. Please try again in 1 minute.',
    );
  });

  it('keeps the limits of the spec and of the server', () => {
    expect(MIN_CONTACT_NAME_LENGTH).toBe(2);
    expect(MIN_CONTACT_MESSAGE_LENGTH).toBe(10);
    expect(MAX_CONTACT_MESSAGE_LENGTH).toBe(5000);
    expect(MAX_HONEYPOT_LENGTH).toBe(500);
    expect(CONTACT_REDIRECT_MS).toBe(3000);
    expect(CONTACT_WINDOW_MINUTES).toBe(10);
    expect(DEFAULT_CONTACT_LIMIT).toBe(5);
  });
});

describe('each contact field stops at its first broken rule', () => {
  const fieldMessages = (field: ContactField, value: unknown) => {
    const result = CONTACT_FIELD_SCHEMAS[field].safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('name: 2 to 100 characters, trimmed, one message', () => {
    expect(fieldMessages('name', 7)).toEqual(['Field is empty']);
    expect(fieldMessages('name', 'A'.repeat(100))).toEqual([]);
    expect(fieldMessages('name', 'A'.repeat(101))).toEqual([CONTACT_MESSAGES.nameTooLong]);
    expect(fieldMessages('name', ' '.repeat(101))).toEqual([CONTACT_MESSAGES.nameTooLong]);
    expect(fieldMessages('name', '   ')).toEqual(['Field is empty']);
    expect(fieldMessages('name', ' A ')).toEqual(['Please enter a valid name']);
    expect(fieldMessages('name', '\u0001')).toEqual(['Please enter a valid name']);
    expect(fieldMessages('name', 'A\u0000')).toEqual(['Please enter a valid name']);
    expect(CONTACT_FIELD_SCHEMAS.name.parse('  Asha  ')).toBe('Asha');
  });

  it('email: required, then an address of at most 254 characters, kept lower case', () => {
    expect(fieldMessages('email', 7)).toEqual(['Email is required']);
    expect(fieldMessages('email', '  ')).toEqual([
      'Email is required',
      'Please enter a valid email address',
    ]);
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(longest).toHaveLength(254);
    expect(fieldMessages('email', longest)).toEqual([]);
    expect(fieldMessages('email', `${longest}x`)).toEqual(['Please enter a valid email address']);
    expect(fieldMessages('email', ' '.repeat(255))).toEqual(['Please enter a valid email address']);
    expect(CONTACT_FIELD_SCHEMAS.email.parse(' Asha@Paper.IN ')).toBe('asha@paper.in');
  });

  it('subject: one of the four, in the spec words otherwise', () => {
    expect(fieldMessages('subject', undefined)).toEqual(['No option selected']);
    expect(fieldMessages('subject', 'other')).toEqual(['No option selected']);
    expect(CONTACT_FIELD_SCHEMAS.subject.parse('Story Suggestion')).toBe('Story Suggestion');
  });

  it('message: 10 to 5,000 characters, trimmed, one message', () => {
    expect(fieldMessages('message', 7)).toEqual(['Please enter a message']);
    expect(fieldMessages('message', '   ')).toEqual(['Please enter a message']);
    expect(fieldMessages('message', '123456789')).toEqual([CONTACT_MESSAGES.messageTooShort]);
    expect(fieldMessages('message', ' '.repeat(5001))).toEqual([CONTACT_MESSAGES.messageTooLong]);
    expect(fieldMessages('message', '\u0000'.repeat(5001))).toEqual([
      CONTACT_MESSAGES.messageTooLong,
    ]);
    expect(fieldMessages('message', 'short\u0000')).toEqual([CONTACT_MESSAGES.messageInvalid]);
    expect(CONTACT_FIELD_SCHEMAS.message.parse('  Please fix page 3.  ')).toBe(
      'Please fix page 3.',
    );
  });

  it('message: tabs, line feeds and carriage returns each pass, anywhere and repeated', () => {
    for (const text of [
      'Tab\tin a letter',
      'Line\nfeed in a letter',
      'Carriage\rreturn here',
      'Two\n\nparagraphs\r\n\r\nand\t\ttabs',
    ])
      expect(fieldMessages('message', text), JSON.stringify(text)).toEqual([]);
    expect(fieldMessages('message', 'Vertical\u000btab here')).toEqual([
      CONTACT_MESSAGES.messageInvalid,
    ]);
  });

  it('gives the first of several messages only', () => {
    expect(contactFieldError('email', '  ')).toBe('Email is required');
    expect(contactFieldError('message', 'Ten chars!')).toBeNull();
  });
});

describe('the contact honeypot', () => {
  it('takes up to 500 characters of text, or no field, and nothing else', () => {
    expect(messagesOf({ ...valid, website: '' })).toEqual([]);
    expect(messagesOf({ ...valid, website: 'w'.repeat(500) })).toEqual([]);
    expect(messagesOf({ ...valid, website: 5 })).toEqual(['This field must be left empty']);
    expect(contactRequestSchema.parse({ ...valid, website: 'http://spam' })).toEqual({
      ...valid,
      website: 'http://spam',
    });
  });
});
