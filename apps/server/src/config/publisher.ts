// The publisher as its invoices and receipts name it (issue 27 part 6): one company
// publishes both brands. Outside production a development publisher stands in, whose
// name says so and whose GSTIN is the format's example; production must name the
// real one, since a tax invoice with another's details is no invoice.
import { z } from 'zod';

/** GSTIN: state code, PAN, entity number, Z, check character. */
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const text = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !/[\p{Cc}]/u.test(value.replaceAll('\\n', '')), {
      error: 'must be text (write \\n for a new line)',
    });

export const publisherEnv = z.object({
  PUBLISHER_LEGAL_NAME: text(120).optional(),
  /** Lines separated by \n, as a .env file writes them. */
  PUBLISHER_ADDRESS: text(400).optional(),
  PUBLISHER_GSTIN: z
    .string()
    .regex(GSTIN, { error: 'must be a 15-character GSTIN such as 29AAAAA0000A1Z5' })
    .optional(),
  PUBLISHER_STATE: text(60).optional(),
  PUBLISHER_SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
});

export interface PublisherConfig {
  legalName: string;
  /** Postal address, one line per entry. */
  address: string[];
  gstin: string;
  /** The state of registration: the place of supply when the reader's is not known. */
  state: string;
  /** The GST state code: the GSTIN's first two digits. */
  stateCode: string;
  supportEmail: string;
}

const KEYS = [
  'PUBLISHER_LEGAL_NAME',
  'PUBLISHER_ADDRESS',
  'PUBLISHER_GSTIN',
  'PUBLISHER_STATE',
  'PUBLISHER_SUPPORT_EMAIL',
] as const;

/** Production issues tax invoices: every publisher key is required there. */
export function publisherProblems(env: Record<string, string>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return KEYS.filter((key) => !env[key]).map((key) => `${key}: is required in production`);
}

const DEVELOPMENT: PublisherConfig = {
  legalName: 'Folio Development Publisher (not a real company)',
  address: ['1 Test Street', 'Bengaluru 560001', 'Karnataka, India'],
  gstin: '29AAAAA0000A1Z5',
  state: 'Karnataka',
  stateCode: '29',
  supportEmail: 'support@example.com',
};

export function publisherConfig(e: z.infer<typeof publisherEnv>): PublisherConfig {
  const gstin = e.PUBLISHER_GSTIN ?? DEVELOPMENT.gstin;
  return {
    legalName: e.PUBLISHER_LEGAL_NAME ?? DEVELOPMENT.legalName,
    address:
      e.PUBLISHER_ADDRESS === undefined
        ? DEVELOPMENT.address
        : e.PUBLISHER_ADDRESS.split('\\n')
            .map((line) => line.trim())
            .filter(Boolean),
    gstin,
    state: e.PUBLISHER_STATE ?? DEVELOPMENT.state,
    stateCode: gstin.slice(0, 2),
    supportEmail: e.PUBLISHER_SUPPORT_EMAIL ?? DEVELOPMENT.supportEmail,
  };
}
