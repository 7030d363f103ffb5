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
  /** Redraw a published page's article and ad boxes, and re-publish it. */
  'zoning',
  /** Plans: prices, texts, order, visibility (issue 27 part 1). */
  'plans',
  /** The offer banner, FAQs, testimonials and the subscribe page's counts (issue 27 part 2). */
  'offers',
  /** What readers sent through Get in touch, and replies to them (issue 27 part 4). */
  'messages',
  /** Subscriber care: find a reader, their payments and subscriptions, and act on them (issue 27 part 3). */
  'care',
  /** Figures per brand and day: subscribers, renewals, refunds, revenue, readers (issue 27 part 5). */
  'figures',
] as const;
export type DeskCapability = (typeof DESK_CAPABILITIES)[number];

/** The roles allowed each capability. The server checks this table and nothing else. */
export const DESK_ACCESS: Record<DeskCapability, readonly DeskRole[]> = {
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
  freeEditionStays: 'The free edition cannot be retired. Choose another free edition first.',
  freeEditionInvalid: 'Choose an edition readers can open as the free edition.',
  toleranceInvalid: 'Allow from 0 to 20 missing pages.',
  brandNothingToChange: 'Say what to change: the free edition or the missing pages allowed.',
  nothingToChange: 'Say what to change: a name, a move, or retired.',
  notPublished: 'That edition is not published.',
  noPagesYet: 'No pages of that edition have come in.',
  fileNameRequired: 'Send the file name in the X-File-Name header.',
  notAPdfBody: 'Send the page as the body, with Content-Type application/pdf.',
  overrideReasonRequired: 'Write why the edition goes out despite the gate.',
  releaseTimeInvalid: 'Choose a time from 6:00 AM to 11:59 PM on the edition’s date.',
  releaseTimePassed: 'That time has passed. Choose a later one.',
  zoningChanged: 'changed since you opened it',
  pageNotPublished: 'That page is not published.',
  zoningBoxInvalid:
    'A box is given in percent of the page: each edge from 0 to 100, at least 0.5 wide and high.',
  zoningTooManyBoxes: 'A page holds at most 200 boxes.',
  zoningUnknownBox: 'A box names an id that is not on this page.',
  zoningRepeatedBox: 'Two boxes name the same id.',
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
  /** The edition whose front page every reader may open today (never retired). */
  freeEdition: z.number(),
  /** Missing pages the release gate lets through. */
  missingPageTolerance: z.number(),
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

/** The most missing pages the desk may let the release gate allow. */
export const MAX_MISSING_PAGE_TOLERANCE = 20;

/** The desk's choices for a brand: its free edition, the gate's missing-page tolerance. */
export const brandChoicesChangeSchema = z
  .strictObject({
    // The schema's error names every way the number can be wrong.
    freeEdition: z
      .number({ error: DESK_MESSAGES.freeEditionInvalid })
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional(),
    missingPageTolerance: z
      .number({ error: DESK_MESSAGES.toleranceInvalid })
      .int()
      .min(0)
      .max(MAX_MISSING_PAGE_TOLERANCE)
      .optional(),
  })
  .refine((c) => c.freeEdition !== undefined || c.missingPageTolerance !== undefined, {
    error: DESK_MESSAGES.brandNothingToChange,
  });
export type BrandChoicesChange = z.infer<typeof brandChoicesChangeSchema>;
export const brandParamsSchema = z.strictObject({ brand: brandSchema });

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
  /** Held by an editor until this time on its date (HH:MM); null: the usual 06:00. */
  releaseAt: z.string().nullable(),
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

/** A release time on the edition's date, 24-hour HH:MM, not before the 06:00 day start. */
export const releaseTimeSchema = z
  .string({ error: DESK_MESSAGES.releaseTimeInvalid })
  .max(5)
  // Stryker disable next-line Regex: with at most 5 characters the anchors change nothing
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .refine((time) => time >= '06:00');

export const releaseSchema = z
  .strictObject({
    action: z.enum(['release', 'unpublish', 'reschedule']),
    /** With reschedule: when readers get it on its date (06:00, the usual time, ends a hold). */
    at: releaseTimeSchema.optional(),
    /** With release: the editor's reason to let the edition out despite the gate. */
    reason: boundedString('reason', MAX_OVERRIDE_REASON)
      .transform((r) => r.trim())
      .refine((r) => r !== '', { error: DESK_MESSAGES.overrideReasonRequired })
      .optional(),
  })
  .refine((r) => r.action !== 'reschedule' || r.at !== undefined, {
    error: DESK_MESSAGES.releaseTimeInvalid,
    path: ['at'],
  });

export const pageUploadHeadersSchema = z.object({
  'x-file-name': z
    .string({ error: DESK_MESSAGES.fileNameRequired })
    .min(1, { error: DESK_MESSAGES.fileNameRequired })
    .max(1024, { error: DESK_MESSAGES.fileNameRequired }),
});
export const pageReceivedSchema = z.object({ page: z.number(), version: z.number() });

// The zoning editor (issue 26 part 9): a published page's article and ad boxes,
// redrawn by an editor and saved as one re-publish of that page.

/** The most boxes (articles and ads together) a page may have. */
export const MAX_ZONING_BOXES = 200;
/** The longest article title the editor may give (a headline, never a paragraph). */
export const MAX_ARTICLE_TITLE = 300;
/** The narrowest and lowest box, in percent of the page: anything smaller is a slip of the mouse. */
export const MIN_ZONING_BOX = 0.5;
/** Boxes are measured in floating point; an edge may pass 100 by a rounding step. */
const ZONING_ROUNDING = 0.01;
const MAX_ZONING_ID = 64;

const zoningPercent = z
  .number({ error: DESK_MESSAGES.zoningBoxInvalid })
  .min(0, { error: DESK_MESSAGES.zoningBoxInvalid })
  .max(100, { error: DESK_MESSAGES.zoningBoxInvalid });
const zoningExtent = zoningPercent.min(MIN_ZONING_BOX, { error: DESK_MESSAGES.zoningBoxInvalid });

/** A box in percent of the page, wholly inside it. */
export const zoningBoxSchema = z
  .strictObject(
    { top: zoningPercent, left: zoningPercent, width: zoningExtent, height: zoningExtent },
    { error: DESK_MESSAGES.zoningBoxInvalid },
  )
  .refine(
    (b) => b.left + b.width <= 100 + ZONING_ROUNDING && b.top + b.height <= 100 + ZONING_ROUNDING,
    { error: DESK_MESSAGES.zoningBoxInvalid },
  );
export type ZoningBox = z.infer<typeof zoningBoxSchema>;

const zoningIdSchema = boundedString('id', MAX_ZONING_ID);

export const zoningPageParamsSchema = z.strictObject({
  brand: brandSchema,
  number: positiveIdSchema,
  date: isoDateField,
  page: z.coerce.number().int().min(1).max(MAX_EDITION_PAGES),
});

/** A page's boxes as the editor opens them; `revision` names this state of the page. */
export const pageZoningSchema = z.object({
  page: z.number(),
  name: z.string(),
  /** The page's reading image, served to the desk (staff need no subscription). */
  image: z.string(),
  width: z.number(),
  height: z.number(),
  revision: z.string(),
  articles: z.array(z.object({ id: z.string(), title: z.string(), box: zoningBoxSchema })),
  ads: z.array(z.object({ id: z.string(), box: zoningBoxSchema })),
});
export type PageZoning = z.infer<typeof pageZoningSchema>;

/**
 * A page's boxes as the editor saves them. A box with an id is that box moved or
 * changed; one without is new. An empty title lets the page's own words name it.
 */
export const zoningSaveSchema = z
  .strictObject({
    revision: boundedString('revision', MAX_ZONING_ID),
    articles: z
      .array(
        z.strictObject({
          id: zoningIdSchema.optional(),
          title: boundedString('title', MAX_ARTICLE_TITLE).transform((t) => t.trim()),
          box: zoningBoxSchema,
        }),
      )
      .max(MAX_ZONING_BOXES, { error: DESK_MESSAGES.zoningTooManyBoxes }),
    ads: z
      .array(z.strictObject({ id: zoningIdSchema.optional(), box: zoningBoxSchema }))
      .max(MAX_ZONING_BOXES, { error: DESK_MESSAGES.zoningTooManyBoxes }),
  })
  .refine((s) => s.articles.length + s.ads.length <= MAX_ZONING_BOXES, {
    error: DESK_MESSAGES.zoningTooManyBoxes,
  })
  .refine(
    (s) => {
      const ids = [...s.articles, ...s.ads].flatMap((b) => (b.id === undefined ? [] : [b.id]));
      return new Set(ids).size === ids.length;
    },
    { error: DESK_MESSAGES.zoningRepeatedBox },
  );
export type ZoningSave = z.infer<typeof zoningSaveSchema>;
export type ZoningSaveInput = z.input<typeof zoningSaveSchema>;

/** The pages of a published issue, for the desk's page list. */
export const publishedPagesSchema = z.object({
  pages: z.array(
    z.object({ page: z.number(), name: z.string(), articles: z.number(), ads: z.number() }),
  ),
});

// The inbox of Get in touch messages (issue 27 part 4).
export {
  INBOX_MESSAGES,
  INBOX_STATUSES,
  MAX_INBOX_PAGE,
  MAX_REPLY_LENGTH,
  INBOX_PREVIEW_LENGTH,
  inboxPageSchema,
  inboxParamsSchema,
  inboxQuerySchema,
  inboxReplyCreateSchema,
  inboxStatusChangeSchema,
  inboxThreadSchema,
  type InboxItem,
  type InboxPage,
  type InboxReply,
  type InboxStatus,
  type InboxThread,
} from './desk-messages.ts';

// The offer banner, FAQs and testimonials (issue 27 part 2).
export {
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
  deskOffersSchema,
  faqChangeSchema,
  faqInputSchema,
  faqOrderSchema,
  offerItemParamsSchema,
  offersBrandParamsSchema,
  offersQuerySchema,
  testimonialChangeSchema,
  testimonialInputSchema,
  type BannerInput,
  type DeskBanner,
  type DeskFaq,
  type DeskOffers,
  type DeskTestimonial,
  type FaqChange,
  type FaqInput,
  type TestimonialChange,
  type TestimonialInput,
} from './desk-offers.ts';

// Subscriber care: find a reader, their payments and terms, and act on them (issue 27 part 3).
export {
  CARE_MESSAGES,
  MAX_CARE_QUERY,
  MAX_CARE_REASON,
  MAX_CARE_RESULTS,
  MAX_EXTENSION_DAYS,
  MAX_REFUND_MINOR,
  careExtendSchema,
  careInvoiceParamsSchema,
  careMandateParamsSchema,
  carePaymentParamsSchema,
  careReaderParamsSchema,
  careReaderSchema,
  careReasonSchema,
  careRefundSchema,
  careResendSchema,
  careSearchQuerySchema,
  careSearchSchema,
  careSubscriptionParamsSchema,
  formatExactMoney,
  type CareExtend,
  type CareMandate,
  type CarePayment,
  type CareReader,
  type CareReaderSummary,
  type CareRefund,
  type CareRefundRow,
  type CareSearch,
  type CareSubscription,
} from './desk-care.ts';

// The plans (issue 27 part 1).
export {
  MAX_ARCHIVE_DAYS,
  MAX_GROUP_BADGE,
  MAX_GROUP_BADGES,
  MAX_GROUP_NAME,
  MAX_PLAN_BULLET,
  MAX_PLAN_BULLETS,
  MAX_PLAN_DAYS,
  MAX_PLAN_PRICE_MINOR,
  MAX_PLAN_TAGLINE,
  MAX_PLAN_TITLE,
  PLAN_MESSAGES,
  deskGroupSchema,
  deskPlanSchema,
  deskPlansSchema,
  groupChangeSchema,
  planGroupParamsSchema,
  planChangeSchema,
  planCreateSchema,
  planParamsSchema,
  plansBrandParamsSchema,
  plansQuerySchema,
  type DeskGroup,
  type DeskPlan,
  type DeskPlans,
  type GroupChange,
  type PlanChange,
  type PlanCreate,
} from './desk-plans.ts';

// The figures per brand and day (issue 27 part 5).
export {
  DEFAULT_FIGURES_DAYS,
  FIGURES_MESSAGES,
  MAX_FIGURES_DAYS,
  figureMoneySchema,
  figuresDaySchema,
  figuresQuerySchema,
  figuresSchema,
  type FigureMoney,
  type Figures,
  type FiguresDay,
  type FiguresQuery,
} from './desk-figures.ts';
