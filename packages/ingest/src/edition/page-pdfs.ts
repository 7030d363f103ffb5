// The per-page PDF a reader downloads. One-PDF-per-page input is copied as it is; a
// multi-page input is split with pdf-lib so each page's download is that page alone.
import { readFile } from 'node:fs/promises';

/** Splits a multi-page PDF; pdf-lib cannot read every PDF pdfjs can, so callers fall back. */
export async function splitPages(file: string): Promise<Uint8Array[] | undefined> {
  try {
    // Loaded when an edition is split, not at start: pdf-lib is some 170 modules,
    // and a web server never splits PDFs when workers exist.
    const { PDFDocument } = await import('pdf-lib');
    const source = await PDFDocument.load(await readFile(file), { updateMetadata: false });
    const pages: Uint8Array[] = [];
    for (let index = 0; index < source.getPageCount(); index += 1) {
      const single = await PDFDocument.create({ updateMetadata: false });
      const [copy] = await single.copyPages(source, [index]);
      if (copy) single.addPage(copy);
      pages.push(await single.save());
    }
    return pages;
  } catch {
    return undefined;
  }
}
