// The desk's contract (issue 26): staff roles, what each role may do, the desk's
// messages and the shapes its routes take and answer. Server and console both read
// it; it is a subpath of its own (`@folio/core/desk`), off the index the reader's
// first load takes whole.
import { z } from 'zod';
import { BRAND_CODES } from './brands.ts';
import { boundedString } from './bounds.ts';
import { isIsoDate } from './dates.ts';
import { emailField } from './email.ts';

export const DESK_ROLES = ['admin', 'editor', 'support'] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

/** What the desk lets staff do; each route names one of these. */
export const DESK_CAPABILITIES = [
  /** Open the console: who am I, my role, my second factor. */
  'console',
  /** The edition board, holidays, releases: the night desk's work. */
  'editions',
  /** Read the audit log. */
  'audit',
  /** Add staff, change a role, retire an account. */
  'staff',
] as const;
export type DeskCapability = (typeof DESK_CAPABILITIES)[number];

/** The roles allowed each capability. The server checks this table and nothing else. */
export const DESK_ACCESS: Record<DeskCapability, readonly DeskRole[]> = {
  console: ['admin', 'editor', 'support'],
  editions: ['admin', 'editor'],
  audit: ['admin', 'editor'],
  staff: ['admin'],
};

export function roleMay(role: DeskRole, capability: DeskCapability): boolean {
  return DESK_ACCESS[capability].includes(role);
}

export const DESK_MESSAGES = {
  signInRequired: 'Sign in to open the desk.',
  staffOnly: "This page is for the publisher's staff.",
  roleNotAllowed: 'Your role does not allow this.',
  secondFactorSetup: 'Set up your authenticator app to open the desk.',
  secondFactorRequired: 'Enter the code from your authenticator app.',
  secondFactorCodeInvalid: 'Enter the 6 digits your authenticator app shows.',
  secondFactorWrong: 'That code is not right. Try the newest one.',
  secondFactorTooManyTries: 'Too many wrong codes. Sign in again.',
  secondFactorAlreadySet: 'Your authenticator app is already set up.',
  staffEmailInvalid: 'Enter a valid e-mail address.',
  roleInvalid: 'Choose admin, editor or support.',
  staffNotFound: 'No staff account has that id.',
  lastAdmin: 'The desk needs at least one admin.',
  notYourself: 'Ask another admin to change your own account.',
  holidayMessageRequired: 'Write the message readers see on that day.',
  holidayDateInvalid: 'Give the date as YYYY-MM-DD.',
  holidayNotFound: 'That day is not a holiday.',
  brandInvalid: 'Choose dh or pv.',
  editionNameRequired: 'Give it a name.',
  editionNotFound: 'No such edition.',
  groupNotFound: 'No such group of editions.',
  groupNameTaken: 'Another group already has that name.',
  defaultEditionStays: 'The edition readers open first cannot be retired.',
  nothingToChange: 'Say what to change: a name, a move, or retired.',
  notPublished: 'That edition is not published.',
  noPagesYet: 'No pages of that edition have come in.',
  fileNameRequired: 'Send the file name in the X-File-Name header.',
  notAPdfBody: 'Send the page as the body, with Content-Type application/pdf.',
  overrideReasonRequired: 'Write why the edition goes out despite the gate.',
} as const;

/** The longest edition or group name; the reader's edition picker shows it on one line. */
export const MAX_EDITION_NAME = 60;
/** The most pages an edition has (the database says the same). */
export const MAX_EDITION_PAGES = 200;

/** The longest holiday notice; the reader's popup shows it whole. */
export const MAX_HOLIDAY_MESSAGE = 300;
/** The most days the board shows at once. */
export const MAX_BOARD_DAYS = 14;
/** The most audit entries one request returns. */
export const MAX_AUDIT_PAGE = 100;

export const deskRoleSchema = z.enum(DESK_ROLES, { error: DESK_MESSAGES.roleInvalid });
const brandSchema = z.enum(BRAND_CODES, { error: DESK_MESSAGES.brandInvalid });

/** Where the signed-in staff member stands with the second factor. */
export const SECOND_FACTOR_STATES = ['setup', 'verify', 'done'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

export const deskMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: deskRoleSchema,
  secondFactor: z.enum(SECOND_FACTOR_STATES),
  /** What the role may do, so the console shows only that. */
  capabilities: z.array(z.enum(DESK_CAPABILITIES)),
});
export type DeskMe = z.infer<typeof deskMeSchema>;

export const secondFactorCodeSchema = z.strictObject({
  code: z
    .string({ error: DESK_MESSAGES.secondFactorCodeInvalid })
    .regex(/^\d{6}$/, { error: DESK_MESSAGES.secondFactorCodeInvalid }),
});

export const secondFactorSetupSchema = z.object({
  /** otpauth:// address for the authenticator app (shown as a QR code and as text). */
  totpURI: z.string(),
  /** One-time recovery codes, shown once. */
  backupCodes: z.array(z.string()),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: deskRoleSchema,
  addedAt: z.string(),
  /** Whether the authenticator app is set up. */
  secondFactor: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });

export const staffAddSchema = z.strictObject({
  email: emailField(DESK_MESSAGES.staffEmailInvalid),
  role: deskRoleSchema,
});
export const staffChangeSchema = z.strictObject({ role: deskRoleSchema });
export const staffIdParamsSchema = z.strictObject({ id: boundedString('id', 64) });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  role: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.number().nullable(),
});
export const auditQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE).default(50),
});

const isoDateField = z
  .string({ error: DESK_MESSAGES.holidayDateInvalid })
  .max(10, { error: DESK_MESSAGES.holidayDateInvalid })
  .refine(isIsoDate, { error: DESK_MESSAGES.holidayDateInvalid });

export const BOARD_STATES = [
  'missing',
  'receiving',
  'processing',
  'ready',
  'scheduled',
  'live',
  'failed',
  'holiday',
] as const;
export type BoardState = (typeof BOARD_STATES)[number];

export const boardCellSchema = z.object({
  date: z.string(),
  edition: z.number(),
  state: z.enum(BOARD_STATES),
  /** Pages received and pages expected, when known. */
  pages: z.number().nullable(),
  expected: z.number().nullable(),
  /** The words the cell shows beside its state (a release time, a reason). */
  detail: z.string().nullable(),
});
export type BoardCell = z.infer<typeof boardCellSchema>;

export const boardSchema = z.object({
  brand: z.enum(BRAND_CODES),
  dates: z.array(z.string()),
  editions: z.array(z.object({ number: z.number(), name: z.string(), group: z.string() })),
  cells: z.array(boardCellSchema),
});
export type Board = z.infer<typeof boardSchema>;

export const boardQuerySchema = z.strictObject({
  brand: brandSchema.optional(),
  /** The first (newest) date; the publisher's tomorrow by default. */
  from: isoDateField.optional(),
  days: z.coerce.number().int().min(1).max(MAX_BOARD_DAYS).default(7),
});

export const holidaySchema = z.object({ date: z.string(), message: z.string() });
export const holidayListSchema = z.object({ holidays: z.array(holidaySchema) });
export const holidayListQuerySchema = z.strictObject({ brand: brandSchema.optional() });
export const holidayCreateSchema = z.strictObject({
  brand: brandSchema,
  date: isoDateField,
  message: boundedString('message', MAX_HOLIDAY_MESSAGE).refine((m) => m.trim() !== '', {
    error: DESK_MESSAGES.holidayMessageRequired,
  }),
});
export const holidayParamsSchema = z.strictObject({ brand: brandSchema, date: isoDateField });

/** A desk refusal: the message, and for 403s why (STAFF_ONLY, SECOND_FACTOR_SETUP, SECOND_FACTOR_REQUIRED, ROLE). */
export const deskErrorBodySchema = z.object({
  status: z.literal('ERROR'),
  message: z.string(),
  reason: z.string().optional(),
});

const editionNameSchema = boundedString('name', MAX_EDITION_NAME)
  .transform((name) => name.trim())
  .refine((name) => name !== '', { error: DESK_MESSAGES.editionNameRequired });
const positiveIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const deskCatalogueSchema = z.object({
  brand: z.enum(BRAND_CODES),
  /** The edition readers open first (never retired). */
  defaultEdition: z.number(),
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      retired: z.boolean(),
      editions: z.array(
        z.object({
          number: z.number(),
          name: z.string(),
          retired: z.boolean(),
          /** Pages each day; null when the desk has not said. */
          pages: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type DeskCatalogue = z.infer<typeof deskCatalogueSchema>;

export const catalogueQuerySchema = z.strictObject({ brand: brandSchema.optional() });

/** A change to an edition or a group: any of a new name, a move, retiring or restoring. */
export const catalogueChangeSchema = z
  .strictObject({
    name: editionNameSchema.optional(),
    move: z.enum(['up', 'down']).optional(),
    retired: z.boolean().optional(),
    /** Editions only: the pages it has each day (null: not said). */
    pages: z.number().int().min(1).max(MAX_EDITION_PAGES).nullable().optional(),
  })
  .refine(
    (c) =>
      c.name !== undefined ||
      c.move !== undefined ||
      c.retired !== undefined ||
      c.pages !== undefined,
    {
      error: DESK_MESSAGES.nothingToChange,
    },
  );
export type CatalogueChange = z.infer<typeof catalogueChangeSchema>;

export const editionCreateSchema = z.strictObject({
  brand: brandSchema,
  groupId: positiveIdSchema,
  name: editionNameSchema,
});
export const editionParamsSchema = z.strictObject({ brand: brandSchema, number: positiveIdSchema });
export const groupCreateSchema = z.strictObject({ brand: brandSchema, name: editionNameSchema });
export const groupParamsSchema = z.strictObject({ brand: brandSchema, id: positiveIdSchema });

export const MAX_OVERRIDE_REASON = 500;

export const editionDayParamsSchema = z.strictObject({
  brand: brandSchema,
  number: positiveIdSchema,
  date: isoDateField,
});

export const editionDaySchema = z.object({
  pages: z.array(
    z.object({
      page: z.number(),
      version: z.number(),
      file: z.string(),
      source: z.enum(['upload', 'drop']),
      receivedBy: z.string(),
      receivedAt: z.string(),
    }),
  ),
  state: z.enum(BOARD_STATES).nullable(),
  detail: z.string().nullable(),
  refusals: z.array(z.string()),
  overrideReason: z.string().nullable(),
  /** The processing report: time taken and, per page, text layer, articles, ads, warnings. */
  report: z
    .object({
      tookMs: z.number(),
      refusals: z.array(z.string()),
      overrideReason: z.string().nullable(),
      pages: z.array(
        z.object({
          page: z.number(),
          version: z.number(),
          file: z.string(),
          textLayer: z.boolean(),
          articles: z.number(),
          ads: z.number(),
          blank: z.boolean(),
          folioDate: z.string().nullable(),
          warnings: z.array(z.string()),
        }),
      ),
    })
    .nullable(),
});
export type EditionDay = z.infer<typeof editionDaySchema>;

export const releaseSchema = z.strictObject({
  action: z.enum(['release', 'unpublish']),
  /** With release: the editor's reason to let the edition out despite the gate. */
  reason: boundedString('reason', MAX_OVERRIDE_REASON)
    .transform((r) => r.trim())
    .refine((r) => r !== '', { error: DESK_MESSAGES.overrideReasonRequired })
    .optional(),
});

export const pageUploadHeadersSchema = z.object({
  'x-file-name': z
    .string({ error: DESK_MESSAGES.fileNameRequired })
    .min(1, { error: DESK_MESSAGES.fileNameRequired })
    .max(1024, { error: DESK_MESSAGES.fileNameRequired }),
});
export const pageReceivedSchema = z.object({ page: z.number(), version: z.number() });
