import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DESK_ACCESS,
  DESK_MESSAGES,
  MAX_EDITION_NAME,
  MAX_HOLIDAY_MESSAGE,
  auditEntrySchema,
  auditPageSchema,
  auditQuerySchema,
  MAX_ARTICLE_TITLE,
  MAX_ZONING_BOXES,
  pageZoningSchema,
  publishedPagesSchema,
  zoningBoxSchema,
  zoningPageParamsSchema,
  zoningSaveSchema,
  brandChoicesChangeSchema,
  brandParamsSchema,
  MAX_MISSING_PAGE_TOLERANCE,
  boardCellSchema,
  boardQuerySchema,
  boardSchema,
  catalogueQuerySchema,
  deskCatalogueSchema,
  deskErrorBodySchema,
  deskMeSchema,
  editionDaySchema,
  editionParamsSchema,
  groupCreateSchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidayParamsSchema,
  holidaySchema,
  pageReceivedSchema,
  secondFactorSetupSchema,
  staffChangeSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffMemberSchema,
  catalogueChangeSchema,
  deskRoleSchema,
  editionCreateSchema,
  editionDayParamsSchema,
  groupParamsSchema,
  holidayCreateSchema,
  pageUploadHeadersSchema,
  releaseSchema,
  roleMay,
  secondFactorCodeSchema,
  staffAddSchema,
} from './desk.ts';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? 'ok' : result.error?.issues[0]?.message;

describe('desk roles', () => {
  it('gives each role exactly its capabilities', () => {
    expect(DESK_ACCESS).toEqual({
      console: ['admin', 'editor', 'support'],
      editions: ['admin', 'editor'],
      audit: ['admin', 'editor'],
      staff: ['admin'],
      zoning: ['admin', 'editor'],
      plans: ['admin'],
      offers: ['admin'],
      messages: ['admin', 'support'],
      care: ['admin', 'support'],
      figures: ['admin'],
    });
    expect(roleMay('editor', 'editions')).toBe(true);
    expect(roleMay('support', 'editions')).toBe(false);
    expect(roleMay('admin', 'staff')).toBe(true);
    expect(roleMay('editor', 'staff')).toBe(false);
  });

  it('knows the three roles and says what to choose otherwise', () => {
    expect(deskRoleSchema.parse('support')).toBe('support');
    expect(message(deskRoleSchema.safeParse('owner'))).toBe(DESK_MESSAGES.roleInvalid);
  });
});

describe('desk requests', () => {
  it('takes a six-digit authenticator code only', () => {
    expect(secondFactorCodeSchema.parse({ code: '012345' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', '12a456', ' 123456', 123456])
      expect(message(secondFactorCodeSchema.safeParse({ code }))).toBe(
        DESK_MESSAGES.secondFactorCodeInvalid,
      );
    expect(secondFactorCodeSchema.safeParse({ code: '123456', extra: 1 }).success).toBe(false);
  });

  it('normalises a staff e-mail and refuses a bad one', () => {
    expect(staffAddSchema.parse({ email: ' A@B.example ', role: 'editor' })).toEqual({
      email: 'a@b.example',
      role: 'editor',
    });
    expect(message(staffAddSchema.safeParse({ email: 'nope', role: 'editor' }))).toBe(
      DESK_MESSAGES.staffEmailInvalid,
    );
  });

  it('takes a holiday with a real date and a message of at most the limit', () => {
    const holiday = { brand: 'dh', date: '2026-12-25', message: 'Christmas' };
    expect(holidayCreateSchema.parse(holiday)).toEqual(holiday);
    expect(message(holidayCreateSchema.safeParse({ ...holiday, date: '2026-02-30' }))).toBe(
      DESK_MESSAGES.holidayDateInvalid,
    );
    expect(message(holidayCreateSchema.safeParse({ ...holiday, date: '2026-12-250' }))).toBe(
      DESK_MESSAGES.holidayDateInvalid,
    );
    expect(message(holidayCreateSchema.safeParse({ ...holiday, message: ' ' }))).toBe(
      DESK_MESSAGES.holidayMessageRequired,
    );
    expect(
      holidayCreateSchema.safeParse({ ...holiday, message: 'x'.repeat(MAX_HOLIDAY_MESSAGE) })
        .success,
    ).toBe(true);
    expect(
      holidayCreateSchema.safeParse({ ...holiday, message: 'x'.repeat(MAX_HOLIDAY_MESSAGE + 1) })
        .success,
    ).toBe(false);
    expect(message(holidayCreateSchema.safeParse({ ...holiday, brand: 'xx' }))).toBe(
      DESK_MESSAGES.brandInvalid,
    );
  });

  it('shows the board for 1 to 14 days, a week by default', () => {
    expect(boardQuerySchema.parse({})).toEqual({ days: 7 });
    expect(boardQuerySchema.parse({ days: '14', from: '2026-11-28' })).toEqual({
      days: 14,
      from: '2026-11-28',
    });
    expect(boardQuerySchema.safeParse({ days: '15' }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ days: '1.5' }).success).toBe(false);
  });

  it('pages the audit log 1 to 100 at a time, 50 by default', () => {
    expect(auditQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(auditQuerySchema.parse({ limit: '100', before: '7' })).toEqual({
      limit: 100,
      before: 7,
    });
    expect(auditQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ before: '0' }).success).toBe(false);
  });

  it('takes a catalogue change only when it says what to change', () => {
    expect(catalogueChangeSchema.parse({ name: '  Coast  ' })).toEqual({ name: 'Coast' });
    expect(catalogueChangeSchema.parse({ pages: null })).toEqual({ pages: null });
    expect(catalogueChangeSchema.parse({ move: 'down', retired: false })).toEqual({
      move: 'down',
      retired: false,
    });
    expect(message(catalogueChangeSchema.safeParse({}))).toBe(DESK_MESSAGES.nothingToChange);
    expect(message(catalogueChangeSchema.safeParse({ name: '   ' }))).toBe(
      DESK_MESSAGES.editionNameRequired,
    );
    expect(catalogueChangeSchema.safeParse({ pages: 0 }).success).toBe(false);
    expect(catalogueChangeSchema.safeParse({ pages: 201 }).success).toBe(false);
    expect(catalogueChangeSchema.safeParse({ pages: 200 }).success).toBe(true);
    expect(catalogueChangeSchema.safeParse({ move: 'left' }).success).toBe(false);
    expect(
      catalogueChangeSchema.safeParse({ name: 'x'.repeat(MAX_EDITION_NAME + 1) }).success,
    ).toBe(false);
  });

  it('takes a free edition and a missing-page tolerance in range, at least one of them', () => {
    expect(brandChoicesChangeSchema.parse({ freeEdition: 3 })).toEqual({ freeEdition: 3 });
    expect(
      brandChoicesChangeSchema.parse({ missingPageTolerance: MAX_MISSING_PAGE_TOLERANCE }),
    ).toEqual({ missingPageTolerance: 20 });
    expect(brandChoicesChangeSchema.parse({ missingPageTolerance: 0 })).toEqual({
      missingPageTolerance: 0,
    });
    expect(message(brandChoicesChangeSchema.safeParse({}))).toBe(
      DESK_MESSAGES.brandNothingToChange,
    );
    for (const freeEdition of [0, 1.5, '3', 2_147_483_648])
      expect(message(brandChoicesChangeSchema.safeParse({ freeEdition }))).toBe(
        DESK_MESSAGES.freeEditionInvalid,
      );
    expect(brandChoicesChangeSchema.safeParse({ freeEdition: 2_147_483_647 }).success).toBe(true);
    expect(brandChoicesChangeSchema.safeParse({ freeEdition: 1 }).success).toBe(true);
    for (const missingPageTolerance of [-1, 21, 0.5, '1'])
      expect(message(brandChoicesChangeSchema.safeParse({ missingPageTolerance }))).toBe(
        DESK_MESSAGES.toleranceInvalid,
      );
    expect(brandChoicesChangeSchema.safeParse({ freeEdition: 2, other: 1 }).success).toBe(false);
    expect(brandParamsSchema.parse({ brand: 'pv' })).toEqual({ brand: 'pv' });
    expect(message(brandParamsSchema.safeParse({ brand: 'xx' }))).toBe(DESK_MESSAGES.brandInvalid);
  });

  it('reads ids and dates from paths', () => {
    expect(editionCreateSchema.parse({ brand: 'pv', groupId: 3, name: ' Hubballi ' })).toEqual({
      brand: 'pv',
      groupId: 3,
      name: 'Hubballi',
    });
    expect(groupParamsSchema.parse({ brand: 'dh', id: '12' })).toEqual({ brand: 'dh', id: 12 });
    expect(groupParamsSchema.safeParse({ brand: 'dh', id: '0' }).success).toBe(false);
    expect(groupParamsSchema.safeParse({ brand: 'dh', id: '2147483648' }).success).toBe(false);
    expect(editionDayParamsSchema.parse({ brand: 'dh', number: '2', date: '2026-11-28' })).toEqual({
      brand: 'dh',
      number: 2,
      date: '2026-11-28',
    });
    expect(
      editionDayParamsSchema.safeParse({ brand: 'dh', number: '2', date: '28-11-2026' }).success,
    ).toBe(false);
  });

  it('takes a release with a trimmed reason, or none', () => {
    expect(releaseSchema.parse({ action: 'release' })).toEqual({ action: 'release' });
    expect(releaseSchema.parse({ action: 'release', reason: ' pull-out ' })).toEqual({
      action: 'release',
      reason: 'pull-out',
    });
    expect(message(releaseSchema.safeParse({ action: 'release', reason: ' ' }))).toBe(
      DESK_MESSAGES.overrideReasonRequired,
    );
    expect(releaseSchema.safeParse({ action: 'publish' }).success).toBe(false);
  });

  it('holds a release until a time from 06:00 to 23:59, written HH:MM', () => {
    for (const at of ['06:00', '07:30', '19:05', '23:59'])
      expect(releaseSchema.parse({ action: 'reschedule', at })).toEqual({
        action: 'reschedule',
        at,
      });
    for (const at of ['05:59', '00:00', '7:30', '24:00', '23:60', '07:30:00', 'noon', 730])
      expect(message(releaseSchema.safeParse({ action: 'reschedule', at })), String(at)).toBe(
        DESK_MESSAGES.releaseTimeInvalid,
      );
    const missing = releaseSchema.safeParse({ action: 'reschedule' });
    expect([message(missing), missing.error?.issues[0]?.path]).toEqual([
      DESK_MESSAGES.releaseTimeInvalid,
      ['at'],
    ]);
    expect(releaseSchema.safeParse({ action: 'release' }).success).toBe(true);
    expect(releaseSchema.safeParse({ action: 'unpublish' }).success).toBe(true);
  });

  it('needs the page file name in its header', () => {
    expect(pageUploadHeadersSchema.parse({ 'x-file-name': 'DH.pdf' })).toEqual({
      'x-file-name': 'DH.pdf',
    });
    expect(message(pageUploadHeadersSchema.safeParse({}))).toBe(DESK_MESSAGES.fileNameRequired);
    expect(message(pageUploadHeadersSchema.safeParse({ 'x-file-name': '' }))).toBe(
      DESK_MESSAGES.fileNameRequired,
    );
    expect(pageUploadHeadersSchema.safeParse({ 'x-file-name': 'x'.repeat(1025) }).success).toBe(
      false,
    );
  });
});

describe('desk answers', () => {
  const me = {
    id: 'u1',
    email: 'a@b.example',
    role: 'admin',
    secondFactor: 'done',
    capabilities: ['console'],
  };
  const member = {
    id: 'u1',
    email: 'a@b.example',
    name: '',
    role: 'editor',
    addedAt: '2026-11-27T00:00:00.000Z',
    secondFactor: true,
  };
  const entry = {
    id: 1,
    at: '2026-11-27T00:00:00.000Z',
    actor: 'a@b.example',
    role: 'admin',
    action: 'holiday.add',
    subject: 'holiday:dh:2026-12-25',
    before: null,
    after: { message: 'x' },
    reason: null,
  };
  const cell = {
    date: '2026-11-28',
    edition: 2,
    state: 'receiving',
    pages: 3,
    expected: 4,
    detail: null,
  };
  const reportPage = {
    page: 1,
    version: 2,
    file: 'DH_20261128_2_P01_v2.pdf',
    textLayer: true,
    articles: 3,
    ads: 1,
    blank: false,
    folioDate: '2026-11-28',
    warnings: [],
  };
  const day = {
    pages: [
      {
        page: 1,
        version: 2,
        file: 'x.pdf',
        source: 'drop',
        receivedBy: 'drop folder',
        receivedAt: '2026-11-27T00:00:00.000Z',
      },
    ],
    state: 'failed',
    detail: 'Page 2 missing.',
    refusals: ['Page 2 missing.'],
    overrideReason: null,
    releaseAt: '07:30',
    report: { tookMs: 10, refusals: [], overrideReason: null, pages: [reportPage] },
  };
  const samples: [string, z.ZodType, unknown][] = [
    ['me', deskMeSchema, me],
    ['setup', secondFactorSetupSchema, { totpURI: 'otpauth://totp/x', backupCodes: ['a'] }],
    ['member', staffMemberSchema, member],
    ['staff', staffListSchema, { staff: [member] }],
    ['change', staffChangeSchema, { role: 'support' }],
    ['id', staffIdParamsSchema, { id: 'u1' }],
    ['entry', auditEntrySchema, entry],
    ['audit', auditPageSchema, { entries: [entry], next: null }],
    ['holiday', holidaySchema, { date: '2026-12-25', message: 'x' }],
    ['holidays', holidayListSchema, { holidays: [{ date: '2026-12-25', message: 'x' }] }],
    ['holiday query', holidayListQuerySchema, { brand: 'pv' }],
    ['holiday path', holidayParamsSchema, { brand: 'dh', date: '2026-12-25' }],
    ['error', deskErrorBodySchema, { status: 'ERROR', message: 'No.', reason: 'ROLE' }],
    ['cell', boardCellSchema, cell],
    [
      'board',
      boardSchema,
      {
        brand: 'dh',
        dates: ['2026-11-28'],
        editions: [{ number: 2, name: 'B', group: 'K' }],
        cells: [cell],
      },
    ],
    [
      'catalogue',
      deskCatalogueSchema,
      {
        brand: 'dh',
        defaultEdition: 2,
        freeEdition: 2,
        missingPageTolerance: 0,
        groups: [
          {
            id: 1,
            name: 'K',
            retired: false,
            editions: [{ number: 2, name: 'B', retired: false, pages: 12 }],
          },
        ],
      },
    ],
    ['catalogue query', catalogueQuerySchema, { brand: 'dh' }],
    ['edition path', editionParamsSchema, { brand: 'dh', number: 2 }],
    ['group', groupCreateSchema, { brand: 'dh', name: 'Coast' }],
    ['day', editionDaySchema, day],
    ['received', pageReceivedSchema, { page: 3, version: 2 }],
  ];

  it.each(samples)(
    '%s: takes a whole answer and refuses one with a field missing',
    (_, schema, sample) => {
      expect(schema.parse(sample)).toEqual(sample);
      for (const field of Object.keys(sample as object)) {
        if (field === 'reason' || field === 'brand') continue;
        const { [field]: _dropped, ...rest } = sample as Record<string, unknown>;
        expect([field, schema.safeParse(rest).success]).toEqual([field, false]);
      }
    },
  );

  it('takes a zoning box wholly on the page, at least half a percent wide and high', () => {
    const box = { top: 10, left: 20, width: 30, height: 40 };
    expect(zoningBoxSchema.parse(box)).toEqual(box);
    expect(zoningBoxSchema.parse({ top: 0, left: 0, width: 0.5, height: 100 })).toBeTruthy();
    expect(
      zoningBoxSchema.safeParse({ top: 60, left: 60, width: 40.01, height: 40.01 }).success,
    ).toBe(true);
    for (const bad of [
      { ...box, top: -0.1 },
      { ...box, left: 100.1 },
      { ...box, width: 0.49 },
      { ...box, height: 0.4 },
      { ...box, width: 100.5 },
      { ...box, left: 60, width: 40.02 },
      { ...box, top: 60, height: 40.02 },
      { ...box, top: '10' },
      { ...box, depth: 1 },
      { top: 10, left: 20, width: 30 },
    ])
      expect(message(zoningBoxSchema.safeParse(bad)), JSON.stringify(bad)).toBe(
        DESK_MESSAGES.zoningBoxInvalid,
      );
  });

  it('reads a zoning page from its path, pages 1 to the most an edition has', () => {
    expect(
      zoningPageParamsSchema.parse({ brand: 'dh', number: '2', date: '2026-11-28', page: '3' }),
    ).toEqual({ brand: 'dh', number: 2, date: '2026-11-28', page: 3 });
    for (const page of ['0', '201', '1.5', 'x'])
      expect(
        zoningPageParamsSchema.safeParse({ brand: 'dh', number: '2', date: '2026-11-28', page })
          .success,
      ).toBe(false);
    expect(
      zoningPageParamsSchema.safeParse({
        brand: 'dh',
        number: '2',
        date: '2026-11-28',
        page: '200',
      }).success,
    ).toBe(true);
  });

  it('saves at most 200 boxes, each id once, with trimmed titles of bounded length', () => {
    const box = { top: 10, left: 20, width: 30, height: 40 };
    expect(
      zoningSaveSchema.parse({
        revision: 'r1',
        articles: [
          { id: 'a1', title: '  Rains lash the city  ', box },
          { title: '', box },
        ],
        ads: [{ box }, { id: 'ad1', box }],
      }),
    ).toEqual({
      revision: 'r1',
      articles: [
        { id: 'a1', title: 'Rains lash the city', box },
        { title: '', box },
      ],
      ads: [{ box }, { id: 'ad1', box }],
    });
    const many = (n: number) => Array.from({ length: n }, () => ({ box }));
    const articles = (n: number) => Array.from({ length: n }, () => ({ title: 'T', box }));
    expect(
      zoningSaveSchema.safeParse({ revision: 'r', articles: articles(100), ads: many(100) })
        .success,
    ).toBe(true);
    expect(
      message(
        zoningSaveSchema.safeParse({ revision: 'r', articles: articles(100), ads: many(101) }),
      ),
    ).toBe(DESK_MESSAGES.zoningTooManyBoxes);
    expect(
      message(zoningSaveSchema.safeParse({ revision: 'r', articles: articles(1), ads: many(200) })),
    ).toBe(DESK_MESSAGES.zoningTooManyBoxes);
    expect(
      message(
        zoningSaveSchema.safeParse({
          revision: 'r',
          articles: articles(MAX_ZONING_BOXES + 1),
          ads: [],
        }),
      ),
    ).toBe(DESK_MESSAGES.zoningTooManyBoxes);
    expect(
      message(
        zoningSaveSchema.safeParse({
          revision: 'r',
          articles: [{ id: 'x', title: 'T', box }],
          ads: [{ id: 'x', box }],
        }),
      ),
    ).toBe(DESK_MESSAGES.zoningRepeatedBox);
    expect(
      message(
        zoningSaveSchema.safeParse({
          revision: 'r',
          articles: [],
          ads: [
            { id: 'y', box },
            { id: 'y', box },
          ],
        }),
      ),
    ).toBe(DESK_MESSAGES.zoningRepeatedBox);
    expect(
      zoningSaveSchema.safeParse({
        revision: 'r',
        articles: [{ title: 'x'.repeat(MAX_ARTICLE_TITLE + 1), box }],
        ads: [],
      }).success,
    ).toBe(false);
    expect(
      zoningSaveSchema.safeParse({
        revision: 'r',
        articles: [{ title: 'x'.repeat(MAX_ARTICLE_TITLE), box }],
        ads: [],
      }).success,
    ).toBe(true);
    for (const bad of [
      { revision: 'r'.repeat(65), articles: [], ads: [] },
      { revision: 'r', articles: [{ id: 'i'.repeat(65), title: 'T', box }], ads: [] },
      { revision: 'r', articles: [], ads: [], extra: 1 },
      { revision: 'r', articles: [] },
    ])
      expect(zoningSaveSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 40)).toBe(false);
  });

  it('describes a page as the zoning editor opens it, and the published pages', () => {
    const box = { top: 10, left: 20, width: 30, height: 40 };
    const zoning = {
      page: 1,
      name: '01 FRONT PAGE',
      image: '/api/desk/editions/dh/2/2026-11-28/pages/1/image',
      width: 1200,
      height: 1900,
      revision: 'abc',
      articles: [{ id: 'a1', title: 'T', box }],
      ads: [{ id: 'ad1', box }],
    };
    expect(pageZoningSchema.parse(zoning)).toEqual(zoning);
    expect(pageZoningSchema.safeParse({ ...zoning, revision: undefined }).success).toBe(false);
    const pages = { pages: [{ page: 1, name: '01', articles: 3, ads: 1 }] };
    expect(publishedPagesSchema.parse(pages)).toEqual(pages);
    expect(publishedPagesSchema.safeParse({ pages: [{ page: 1 }] }).success).toBe(false);
  });

  it('refuses what a strict request does not name, and nested answers missing a field', () => {
    expect(holidayListQuerySchema.safeParse({ brand: 'dh', x: 1 }).success).toBe(false);
    expect(catalogueQuerySchema.safeParse({ x: 1 }).success).toBe(false);
    expect(staffIdParamsSchema.safeParse({ id: 'x'.repeat(65) }).success).toBe(false);
    expect(holidayParamsSchema.safeParse({ brand: 'dh', date: '2026-2-5' }).success).toBe(false);
    expect(
      editionDaySchema.safeParse({ ...day, pages: [{ ...day.pages[0], source: 'fax' }] }).success,
    ).toBe(false);
    const { warnings: _w, ...noWarnings } = reportPage;
    expect(
      editionDaySchema.safeParse({ ...day, report: { ...day.report, pages: [noWarnings] } })
        .success,
    ).toBe(false);
    const { pages: _p, ...noPages } = day.report;
    expect(editionDaySchema.safeParse({ ...day, report: noPages }).success).toBe(false);
    expect(
      deskCatalogueSchema.safeParse({
        brand: 'dh',
        defaultEdition: 2,
        freeEdition: 2,
        missingPageTolerance: 0,
        groups: [{ id: 1, name: 'K', retired: false }],
      }).success,
    ).toBe(false);
    expect(
      deskCatalogueSchema.safeParse({
        brand: 'dh',
        defaultEdition: 2,
        freeEdition: 2,
        missingPageTolerance: 0,
        groups: [
          {
            id: 1,
            name: 'K',
            retired: false,
            editions: [{ number: 2, name: 'B', retired: false }],
          },
        ],
      }).success,
    ).toBe(false);
    expect(catalogueChangeSchema.parse({ move: 'up' })).toEqual({ move: 'up' });
    expect(catalogueChangeSchema.parse({ retired: true })).toEqual({ retired: true });
    expect(releaseSchema.parse({ action: 'unpublish' })).toEqual({ action: 'unpublish' });
    expect(releaseSchema.safeParse({ action: 'release', reason: 'x'.repeat(501) }).success).toBe(
      false,
    );
    expect(groupCreateSchema.safeParse({ brand: 'dh', name: 'x'.repeat(61) }).success).toBe(false);
    expect(message(holidayCreateSchema.safeParse({ brand: 'dh', date: 5, message: 'x' }))).toBe(
      DESK_MESSAGES.holidayDateInvalid,
    );
  });
});
