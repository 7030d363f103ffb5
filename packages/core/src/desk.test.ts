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
        groups: [{ id: 1, name: 'K', retired: false }],
      }).success,
    ).toBe(false);
    expect(
      deskCatalogueSchema.safeParse({
        brand: 'dh',
        defaultEdition: 2,
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
