import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_BANNER_SUBTEXT,
  MAX_BANNER_TEXT,
  MAX_FAQ_ANSWER,
  MAX_FAQ_QUESTION,
  MAX_FAQS,
  MAX_TESTIMONIAL_MESSAGE,
  MAX_TESTIMONIAL_NAME,
  MAX_TESTIMONIAL_PHOTO,
  MAX_TESTIMONIAL_ROLE,
  OFFER_MESSAGES,
  bannerInputSchema,
  deskBannerSchema,
  deskFaqSchema,
  deskOffersSchema,
  deskTestimonialSchema,
  faqChangeSchema,
  faqInputSchema,
  faqOrderSchema,
  offerItemParamsSchema,
  offersBrandParamsSchema,
  offersQuerySchema,
  testimonialChangeSchema,
  testimonialInputSchema,
} from './desk-offers.ts';
import { MAX_DB_INTEGER } from './bounds.ts';
import { MESSAGES } from './messages.ts';

const check = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error?.issues[0]?.message;
};

/** Every message, for rules that must stop at the first. */
const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('offer bounds and messages', () => {
  it('bounds each text as the desk shows it', () => {
    expect(MAX_BANNER_TEXT).toBe(120);
    expect(MAX_BANNER_SUBTEXT).toBe(200);
    expect(MAX_FAQ_QUESTION).toBe(200);
    expect(MAX_FAQ_ANSWER).toBe(4000);
    expect(MAX_FAQS).toBe(50);
    expect(MAX_TESTIMONIAL_NAME).toBe(80);
    expect(MAX_TESTIMONIAL_ROLE).toBe(120);
    expect(MAX_TESTIMONIAL_MESSAGE).toBe(600);
    expect(MAX_TESTIMONIAL_PHOTO).toBe(300);
  });

  it('says what the routes refuse in words a desk can act on', () => {
    expect(OFFER_MESSAGES.answerNothingLeft).toBe(
      'Once scripts and unsupported markup are removed, the answer has no text left for readers.',
    );
    expect(OFFER_MESSAGES.faqNotFound).toBe('No such FAQ for this paper.');
    expect(OFFER_MESSAGES.faqsFull).toBe('A paper keeps at most 50 FAQs. Remove one first.');
    expect(OFFER_MESSAGES.faqOrderChanged).toBe(
      'The FAQs changed since you opened them. Load them again and reorder.',
    );
    expect(OFFER_MESSAGES.testimonialNotFound).toBe('No such testimonial for this paper.');
    expect(OFFER_MESSAGES.testimonialsFull).toBe(
      'The subscribe page shows at most 10 testimonials. Remove one first.',
    );
  });
});

describe('the offers routes’ parameters', () => {
  it('take a brand, dh or pv, and nothing else', () => {
    for (const schema of [offersQuerySchema, offersBrandParamsSchema]) {
      expect(schema.parse({ brand: 'dh' })).toEqual({ brand: 'dh' });
      expect(schema.parse({ brand: 'pv' })).toEqual({ brand: 'pv' });
      expect(check(schema, { brand: 'xx' })).toBe(OFFER_MESSAGES.brandInvalid);
      expect(check(schema, {})).toBe(OFFER_MESSAGES.brandInvalid);
      expect(check(schema, { brand: 'dh', extra: 1 })).not.toBe('ok');
    }
    expect(OFFER_MESSAGES.brandInvalid).toBe('Choose dh or pv.');
  });

  it('take an item’s id as a whole number from 1 to the database’s largest', () => {
    expect(offerItemParamsSchema.parse({ brand: 'pv', id: '7' })).toEqual({ brand: 'pv', id: 7 });
    expect(check(offerItemParamsSchema, { brand: 'dh', id: '1' })).toBe('ok');
    expect(check(offerItemParamsSchema, { brand: 'dh', id: String(MAX_DB_INTEGER) })).toBe('ok');
    for (const id of ['0', '-1', '1.5', 'abc', String(MAX_DB_INTEGER + 1)])
      expect(check(offerItemParamsSchema, { brand: 'dh', id })).not.toBe('ok');
    expect(check(offerItemParamsSchema, { brand: 'zz', id: '1' })).toBe(
      OFFER_MESSAGES.brandInvalid,
    );
    expect(check(offerItemParamsSchema, { brand: 'dh', id: '1', more: 'x' })).not.toBe('ok');
  });
});

const banner = {
  text: 'Save on yearly plans',
  subtext: 'Ends soon',
  startsAt: '2026-11-20T06:00:00.000Z',
  endsAt: '2026-12-21T06:00:00.000Z',
  active: true,
};

describe('a banner', () => {
  it('is taken with its lines trimmed', () => {
    expect(
      bannerInputSchema.parse({ ...banner, text: '  Save big ', subtext: ' Ends soon  ' }),
    ).toEqual({ ...banner, text: 'Save big', subtext: 'Ends soon' });
    expect(bannerInputSchema.parse({ ...banner, active: false })).toEqual({
      ...banner,
      active: false,
    });
  });

  it('has a headline of at most MAX_BANNER_TEXT characters, not blank, without control characters', () => {
    expect(check(bannerInputSchema, { ...banner, text: 'x'.repeat(MAX_BANNER_TEXT) })).toBe('ok');
    expect(check(bannerInputSchema, { ...banner, text: 'x'.repeat(MAX_BANNER_TEXT + 1) })).toBe(
      MESSAGES.tooLong('text', MAX_BANNER_TEXT),
    );
    expect(check(bannerInputSchema, { ...banner, text: '   ' })).toBe(
      OFFER_MESSAGES.bannerTextRequired,
    );
    expect(check(bannerInputSchema, { ...banner, text: '' })).toBe(
      OFFER_MESSAGES.bannerTextRequired,
    );
    expect(check(bannerInputSchema, { ...banner, text: 'a\u0000b' })).toBe(
      MESSAGES.controlCharacters('text'),
    );
    expect(check(bannerInputSchema, { ...banner, text: 5 })).toBe(MESSAGES.notText('text'));
    expect(OFFER_MESSAGES.bannerTextRequired).toBe('Write the offer’s headline.');
  });

  it('has a second line of at most MAX_BANNER_SUBTEXT characters, not blank', () => {
    expect(check(bannerInputSchema, { ...banner, subtext: 'x'.repeat(MAX_BANNER_SUBTEXT) })).toBe(
      'ok',
    );
    expect(
      check(bannerInputSchema, { ...banner, subtext: 'x'.repeat(MAX_BANNER_SUBTEXT + 1) }),
    ).toBe(MESSAGES.tooLong('subtext', MAX_BANNER_SUBTEXT));
    expect(check(bannerInputSchema, { ...banner, subtext: ' \n ' })).toBe(
      MESSAGES.controlCharacters('subtext'),
    );
    expect(check(bannerInputSchema, { ...banner, subtext: '  ' })).toBe(
      OFFER_MESSAGES.bannerSubtextRequired,
    );
    expect(check(bannerInputSchema, { ...banner, subtext: null })).toBe(
      MESSAGES.notText('subtext'),
    );
    expect(OFFER_MESSAGES.bannerSubtextRequired).toBe('Write the line under the headline.');
  });

  it('runs between two instants with their offsets', () => {
    expect(
      bannerInputSchema.parse({
        ...banner,
        startsAt: '2026-11-20T11:30:00+05:30',
        endsAt: '2026-11-21T00:00:00Z',
      }),
    ).toEqual({ ...banner, startsAt: '2026-11-20T11:30:00+05:30', endsAt: '2026-11-21T00:00:00Z' });
    for (const startsAt of ['2026-11-20', 'tomorrow', '2026-11-20T06:00:00', 1_763_618_400_000])
      expect(check(bannerInputSchema, { ...banner, startsAt })).toBe(
        OFFER_MESSAGES.bannerTimeInvalid,
      );
    expect(check(bannerInputSchema, { ...banner, endsAt: '21/12/2026 06:00' })).toBe(
      OFFER_MESSAGES.bannerTimeInvalid,
    );
    expect(OFFER_MESSAGES.bannerTimeInvalid).toBe(
      'Give the start and the end as a date and a time.',
    );
  });

  it('ends after it starts, and says so at the end', () => {
    expect(check(bannerInputSchema, { ...banner, endsAt: '2026-11-20T06:00:00.001Z' })).toBe('ok');
    for (const endsAt of ['2026-11-20T06:00:00.000Z', '2026-11-20T11:30:00+05:30']) {
      const result = bannerInputSchema.safeParse({ ...banner, endsAt });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toHaveLength(1);
      expect(result.error?.issues[0]?.message).toBe(OFFER_MESSAGES.bannerEndBeforeStart);
      expect(result.error?.issues[0]?.path).toEqual(['endsAt']);
    }
    expect(check(bannerInputSchema, { ...banner, endsAt: '2025-01-01T00:00:00Z' })).toBe(
      OFFER_MESSAGES.bannerEndBeforeStart,
    );
    expect(OFFER_MESSAGES.bannerEndBeforeStart).toBe('The offer must end after it starts.');
  });

  it('is switched on or off, and has every field and no other', () => {
    expect(check(bannerInputSchema, { ...banner, active: 'yes' })).not.toBe('ok');
    const { active: _active, ...noActive } = banner;
    expect(check(bannerInputSchema, noActive)).not.toBe('ok');
    const { text: _text, ...noText } = banner;
    expect(check(bannerInputSchema, noText)).toBe(MESSAGES.notText('text'));
    expect(check(bannerInputSchema, { ...banner, colour: 'red' })).not.toBe('ok');
  });
});

describe('a FAQ', () => {
  const faq = { question: 'Can I read offline?', answer: '<p>Yes.</p>' };

  it('is taken with its question and answer trimmed', () => {
    expect(
      faqInputSchema.parse({ question: ' Can I read offline? ', answer: '\n<p>Yes.</p>\n' }),
    ).toEqual(faq);
  });

  it('has a question of at most MAX_FAQ_QUESTION characters, on one line, not blank', () => {
    expect(check(faqInputSchema, { ...faq, question: 'q'.repeat(MAX_FAQ_QUESTION) })).toBe('ok');
    expect(check(faqInputSchema, { ...faq, question: 'q'.repeat(MAX_FAQ_QUESTION + 1) })).toBe(
      MESSAGES.tooLong('question', MAX_FAQ_QUESTION),
    );
    expect(check(faqInputSchema, { ...faq, question: 'Why?\nBecause' })).toBe(
      MESSAGES.controlCharacters('question'),
    );
    expect(check(faqInputSchema, { ...faq, question: ' ' })).toBe(OFFER_MESSAGES.questionRequired);
    expect(check(faqInputSchema, { ...faq, question: 1 })).toBe(MESSAGES.notText('question'));
    expect(OFFER_MESSAGES.questionRequired).toBe('Write the question.');
  });

  it('has an answer of at most MAX_FAQ_ANSWER characters that may hold line breaks and tabs', () => {
    expect(check(faqInputSchema, { ...faq, answer: 'a'.repeat(MAX_FAQ_ANSWER) })).toBe('ok');
    expect(check(faqInputSchema, { ...faq, answer: 'a'.repeat(MAX_FAQ_ANSWER + 1) })).toBe(
      MESSAGES.tooLong('answer', MAX_FAQ_ANSWER),
    );
    expect(
      faqInputSchema.parse({ ...faq, answer: '<p>One</p>\n\n<p>Two\r\n\tthree\t</p>\r' }),
    ).toEqual({ ...faq, answer: '<p>One</p>\n\n<p>Two\r\n\tthree\t</p>' });
    for (const answer of ['a\u0000b', 'a\u0007', '\u000b', 'a\u007f', 'a\u0085', 'a\ud800'])
      expect(check(faqInputSchema, { ...faq, answer })).toBe(MESSAGES.controlCharacters('answer'));
    expect(check(faqInputSchema, { ...faq, answer: ' \n\t\r ' })).toBe(
      OFFER_MESSAGES.answerRequired,
    );
    expect(check(faqInputSchema, { ...faq, answer: ['x'] })).toBe(MESSAGES.notText('answer'));
    expect(OFFER_MESSAGES.answerRequired).toBe('Write the answer.');
  });

  it('refuses the halves of a broken character even when a line break sits between them', () => {
    for (const answer of ['a\ud83d\n\ude00', 'a\ud83d\r\n\ude00', 'a\ud83d\t\ude00'])
      expect(check(faqInputSchema, { ...faq, answer })).toBe(MESSAGES.controlCharacters('answer'));
    expect(check(faqInputSchema, { ...faq, answer: 'Yes \ud83d\ude00\nNo' })).toBe('ok');
    expect(
      check(testimonialInputSchema, {
        name: 'Asha',
        role: 'Teacher',
        message: 'Good \ud83d\n\ude00',
        photo: null,
      }),
    ).toBe(MESSAGES.controlCharacters('message'));
  });

  it('says only that an answer is too long, whatever else is wrong with it', () => {
    expect(
      messages(faqInputSchema, { ...faq, answer: `${'a'.repeat(MAX_FAQ_ANSWER)}\u0000` }),
    ).toEqual([MESSAGES.tooLong('answer', MAX_FAQ_ANSWER)]);
    expect(
      messages(testimonialInputSchema, {
        name: 'Asha',
        role: 'Teacher',
        message: `${'a'.repeat(MAX_TESTIMONIAL_MESSAGE)}\u0000`,
        photo: null,
      }),
    ).toEqual([MESSAGES.tooLong('message', MAX_TESTIMONIAL_MESSAGE)]);
  });

  it('has both fields and no other', () => {
    expect(check(faqInputSchema, { question: 'Why?' })).toBe(MESSAGES.notText('answer'));
    expect(check(faqInputSchema, { answer: 'Because' })).toBe(MESSAGES.notText('question'));
    expect(check(faqInputSchema, { ...faq, id: 3 })).not.toBe('ok');
  });

  it('changes in its question, its answer or both, trimmed, but not in nothing', () => {
    expect(faqChangeSchema.parse({ question: ' Why? ' })).toEqual({ question: 'Why?' });
    expect(faqChangeSchema.parse({ answer: ' Because ' })).toEqual({ answer: 'Because' });
    expect(faqChangeSchema.parse({ question: 'Why?', answer: 'Because' })).toEqual({
      question: 'Why?',
      answer: 'Because',
    });
    expect(check(faqChangeSchema, {})).toBe(OFFER_MESSAGES.nothingToChange);
    expect(check(faqChangeSchema, { question: undefined, answer: undefined })).toBe(
      OFFER_MESSAGES.nothingToChange,
    );
    expect(check(faqChangeSchema, { question: '  ' })).toBe(OFFER_MESSAGES.questionRequired);
    expect(check(faqChangeSchema, { answer: '' })).toBe(OFFER_MESSAGES.answerRequired);
    expect(check(faqChangeSchema, { question: 'Why?', order: 2 })).not.toBe('ok');
    expect(OFFER_MESSAGES.nothingToChange).toBe('Say what to change.');
  });
});

describe('the FAQs’ order', () => {
  it('lists from 1 to MAX_FAQS ids', () => {
    expect(faqOrderSchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(faqOrderSchema.parse({ ids: ['4'] })).toEqual({ ids: [4] });
    const full = Array.from({ length: MAX_FAQS }, (_, index) => index + 1);
    expect(check(faqOrderSchema, { ids: full })).toBe('ok');
    expect(check(faqOrderSchema, { ids: [...full, MAX_FAQS + 1] })).not.toBe('ok');
    expect(check(faqOrderSchema, { ids: [] })).not.toBe('ok');
    expect(check(faqOrderSchema, { ids: [0] })).not.toBe('ok');
    expect(check(faqOrderSchema, { ids: [MAX_DB_INTEGER] })).toBe('ok');
    expect(check(faqOrderSchema, { ids: [MAX_DB_INTEGER + 1] })).not.toBe('ok');
    expect(check(faqOrderSchema, { ids: [1.5] })).not.toBe('ok');
    expect(check(faqOrderSchema, {})).not.toBe('ok');
    expect(check(faqOrderSchema, { ids: [1], brand: 'dh' })).not.toBe('ok');
  });

  it('names each FAQ only once', () => {
    expect(check(faqOrderSchema, { ids: [1, 2, 1] })).toBe(OFFER_MESSAGES.faqOrderRepeated);
    expect(check(faqOrderSchema, { ids: [5, '5'] })).toBe(OFFER_MESSAGES.faqOrderRepeated);
    expect(OFFER_MESSAGES.faqOrderRepeated).toBe('Each FAQ may appear only once in the order.');
  });
});

describe('a testimonial', () => {
  const testimonial = {
    name: 'Asha Rao',
    role: 'Teacher, Mysuru',
    message: 'I read it every morning.',
    photo: '/marketing/readers/portrait-1.svg',
  };

  it('is taken with its texts trimmed', () => {
    expect(
      testimonialInputSchema.parse({
        name: ' Asha Rao ',
        role: '  Teacher, Mysuru ',
        message: '\nI read it every morning.\r\n',
        photo: '  /marketing/readers/portrait-1.svg ',
      }),
    ).toEqual(testimonial);
  });

  it('has a name, a role and a message within their lengths, none blank', () => {
    for (const [field, max, required] of [
      ['name', MAX_TESTIMONIAL_NAME, OFFER_MESSAGES.nameRequired],
      ['role', MAX_TESTIMONIAL_ROLE, OFFER_MESSAGES.roleRequired],
      ['message', MAX_TESTIMONIAL_MESSAGE, OFFER_MESSAGES.messageRequired],
    ] as const) {
      expect(check(testimonialInputSchema, { ...testimonial, [field]: 'x'.repeat(max) })).toBe(
        'ok',
      );
      expect(check(testimonialInputSchema, { ...testimonial, [field]: 'x'.repeat(max + 1) })).toBe(
        MESSAGES.tooLong(field, max),
      );
      expect(check(testimonialInputSchema, { ...testimonial, [field]: '  ' })).toBe(required);
      expect(check(testimonialInputSchema, { ...testimonial, [field]: 'a\u0001' })).toBe(
        MESSAGES.controlCharacters(field),
      );
      expect(check(testimonialInputSchema, { ...testimonial, [field]: 3 })).toBe(
        MESSAGES.notText(field),
      );
    }
    expect(OFFER_MESSAGES.nameRequired).toBe('Write the reader’s name.');
    expect(OFFER_MESSAGES.roleRequired).toBe(
      'Write who the reader is (for example, their work and city).',
    );
    expect(OFFER_MESSAGES.messageRequired).toBe('Write what the reader said.');
  });

  it('keeps line breaks and tabs in the message only', () => {
    expect(
      testimonialInputSchema.parse({ ...testimonial, message: 'Every day.\n\nEvery\tpage.\r\n' }),
    ).toEqual({ ...testimonial, message: 'Every day.\n\nEvery\tpage.' });
    expect(check(testimonialInputSchema, { ...testimonial, name: 'Asha\nRao' })).toBe(
      MESSAGES.controlCharacters('name'),
    );
    expect(check(testimonialInputSchema, { ...testimonial, role: 'Teacher\tMysuru' })).toBe(
      MESSAGES.controlCharacters('role'),
    );
  });

  it('has a photo on this site, or none', () => {
    for (const photo of ['/a', '/', '/Portrait_1-b.svg', '/marketing/readers/x.PNG', '/0.9'])
      expect(testimonialInputSchema.parse({ ...testimonial, photo }).photo).toBe(photo);
    for (const photo of ['', '   ', null])
      expect(testimonialInputSchema.parse({ ...testimonial, photo }).photo).toBeNull();
    const longest = `/${'p'.repeat(MAX_TESTIMONIAL_PHOTO - 1)}`;
    expect(testimonialInputSchema.parse({ ...testimonial, photo: longest }).photo).toBe(longest);
    expect(check(testimonialInputSchema, { ...testimonial, photo: `${longest}p` })).toBe(
      MESSAGES.tooLong('photo', MAX_TESTIMONIAL_PHOTO),
    );
    expect(check(testimonialInputSchema, { ...testimonial, photo: '/a\u0000' })).toBe(
      MESSAGES.controlCharacters('photo'),
    );
    expect(check(testimonialInputSchema, { ...testimonial, photo: 7 })).toBe(
      MESSAGES.notText('photo'),
    );
    for (const photo of [
      'marketing/x.svg',
      'https://example.com/x.svg',
      '//example.com/x.svg',
      '/a/../secret',
      '/..',
      '/a b.svg',
      '/x.svg?size=2',
      '/x.svg#top',
      '\\x.svg',
      '/caf\u00e9.svg',
    ])
      expect(check(testimonialInputSchema, { ...testimonial, photo })).toBe(
        OFFER_MESSAGES.photoInvalid,
      );
    const { photo: _photo, ...noPhoto } = testimonial;
    expect(check(testimonialInputSchema, noPhoto)).toBe(MESSAGES.notText('photo'));
    expect(OFFER_MESSAGES.photoInvalid).toBe(
      'Give the photo as a path on this site, such as /marketing/readers/portrait-1.svg, or leave it empty.',
    );
  });

  it('has no other fields', () => {
    expect(check(testimonialInputSchema, { ...testimonial, id: 1 })).not.toBe('ok');
  });

  it('changes in any of its fields, the photo to none too, but not in nothing', () => {
    expect(testimonialChangeSchema.parse({ name: ' Ravi ' })).toEqual({ name: 'Ravi' });
    expect(testimonialChangeSchema.parse({ role: ' Farmer ' })).toEqual({ role: 'Farmer' });
    expect(testimonialChangeSchema.parse({ message: ' Good. ' })).toEqual({ message: 'Good.' });
    expect(testimonialChangeSchema.parse({ photo: ' /a.svg ' })).toEqual({ photo: '/a.svg' });
    expect(testimonialChangeSchema.parse({ photo: null })).toEqual({ photo: null });
    expect(testimonialChangeSchema.parse({ photo: '' })).toEqual({ photo: null });
    expect(testimonialChangeSchema.parse({ name: 'Ravi', role: undefined })).toEqual({
      name: 'Ravi',
      role: undefined,
    });
    expect(check(testimonialChangeSchema, {})).toBe(OFFER_MESSAGES.nothingToChange);
    expect(check(testimonialChangeSchema, { name: undefined, photo: undefined })).toBe(
      OFFER_MESSAGES.nothingToChange,
    );
    expect(check(testimonialChangeSchema, { name: ' ' })).toBe(OFFER_MESSAGES.nameRequired);
    expect(check(testimonialChangeSchema, { photo: '//x' })).toBe(OFFER_MESSAGES.photoInvalid);
    expect(check(testimonialChangeSchema, { name: 'Ravi', order: 1 })).not.toBe('ok');
  });
});

describe('the offers the desk is answered', () => {
  const offers = {
    brand: 'pv',
    banner: {
      text: 'Save',
      subtext: 'Ends soon',
      startsAt: '2026-11-20T06:00:00.000Z',
      endsAt: '2026-12-21T06:00:00.000Z',
      active: false,
    },
    faqs: [{ id: 1, question: 'Why?', answer: '<p>Because.</p>' }],
    testimonials: [
      { id: 2, name: 'Asha', role: 'Teacher', message: 'Good.', photo: '/a.svg' },
      { id: 3, name: 'Ravi', role: 'Farmer', message: 'Fine.', photo: null },
    ],
    subscribers: 1200,
  };

  it('are read whole', () => {
    expect(deskOffersSchema.parse(offers)).toEqual(offers);
    expect(deskOffersSchema.parse({ ...offers, banner: null })).toEqual({
      ...offers,
      banner: null,
    });
    expect(deskBannerSchema.parse(offers.banner)).toEqual(offers.banner);
    expect(deskFaqSchema.parse(offers.faqs[0])).toEqual(offers.faqs[0]);
    expect(deskTestimonialSchema.parse(offers.testimonials[1])).toEqual(offers.testimonials[1]);
  });

  it('are refused when a part is missing or of the wrong kind', () => {
    expect(check(deskOffersSchema, { ...offers, brand: 'xx' })).not.toBe('ok');
    expect(check(deskOffersSchema, { ...offers, subscribers: '1200' })).not.toBe('ok');
    expect(check(deskOffersSchema, { ...offers, faqs: [{ id: 1, question: 'Why?' }] })).not.toBe(
      'ok',
    );
    expect(check(deskBannerSchema, { ...offers.banner, active: 'no' })).not.toBe('ok');
    expect(check(deskTestimonialSchema, { ...offers.testimonials[0], photo: undefined })).not.toBe(
      'ok',
    );
  });
});
