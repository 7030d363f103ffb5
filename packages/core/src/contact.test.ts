import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  CONTACT_SUBJECTS,
  MAX_CONTACT_MESSAGE_LENGTH,
  contactFieldError,
  contactRequestSchema,
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
