// The reader's daily beacon (issue 27 part 5): one POST per brand per page load, so
// the desk can count visitors, signed-in readers and subscribers per day. It carries
// the brand only; who is asking is the server's to decide.
import { z } from 'zod';
import { BRAND_CODES } from './brands.ts';

export const READER_VISIT_PATH = '/api/readers/visit';

export const readerVisitSchema = z.strictObject({
  brand: z.enum(BRAND_CODES, { error: 'Choose dh or pv.' }),
});
export type ReaderVisit = z.infer<typeof readerVisitSchema>;
