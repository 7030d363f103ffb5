import { describe, expect, it } from 'vitest';
import { READER_VISIT_PATH, readerVisitSchema } from './reader-visits.ts';

describe('the reader visit beacon', () => {
  it('carries a brand and nothing else', () => {
    expect(READER_VISIT_PATH).toBe('/api/readers/visit');
    expect(readerVisitSchema.parse({ brand: 'pv' })).toEqual({ brand: 'pv' });
    const other = readerVisitSchema.safeParse({ brand: 'xx' });
    expect(other.success ? 'ok' : other.error.issues[0]?.message).toBe('Choose dh or pv.');
    expect(readerVisitSchema.safeParse({ brand: 'dh', user: 'u1' }).success).toBe(false);
    expect(readerVisitSchema.safeParse({}).success).toBe(false);
  });
});
