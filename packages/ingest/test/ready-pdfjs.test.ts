// A render worker readies pdfjs while it waits (after typesetting a demo edition):
// the empty document it opens for that must really open, or the first page still
// pays pdfjs's start.
import { describe, expect, it } from 'vitest';
import { readyPdfjs } from '../src/pdf/open-pdf.ts';

describe('readyPdfjs', () => {
  it('opens its empty document, once', async () => {
    const first = readyPdfjs();
    expect(readyPdfjs()).toBe(first);
    await expect(first).resolves.toBe(true);
  });
});
