// Opens PDFs with pdfjs configured for a server: no network, no system fonts, no
// eval, glyphs drawn as paths; font data, CMaps and decoders come from pdfjs-dist.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PdfReadError } from './read-error.ts';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const asset = (dir: string) => path.join(pdfjsRoot, dir) + path.sep;

/** Words for pdfjs's exception names; anything else is reported with pdfjs's message. */
function describe(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return 'the PDF is encrypted and no password was given';
  if (name === 'InvalidPDFException') return `not a readable PDF (${message})`;
  return `could not read the PDF (${message})`;
}

export async function openPdf(file: string): Promise<PDFDocumentProxy> {
  let data: Uint8Array;
  try {
    data = await readFile(file);
  } catch (error) {
    throw new PdfReadError(
      `cannot read file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return openPdfData(data);
}

/** Opens a PDF already in memory (the server hands a stored page's bytes to a worker). */
export async function openPdfData(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (bytes.length === 0) throw new PdfReadError('the file is empty');
  // pdfjs refuses Node's Buffer (a Uint8Array subclass), which is what arrives here.
  const data = Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes;
  const task = getDocument({
    data,
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
    standardFontDataUrl: asset('standard_fonts'),
    cMapUrl: asset('cmaps'),
    cMapPacked: true,
    wasmUrl: asset('wasm'),
    iccUrl: asset('iccs'),
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) {
      await doc.destroy();
      throw new PdfReadError('the PDF has no pages');
    }
    return doc;
  } catch (error) {
    await task.destroy();
    if (error instanceof PdfReadError) throw error;
    throw new PdfReadError(describe(error));
  }
}

/** Pages in a PDF (run in a render worker: opening it needs pdfjs). */
export async function countPages(file: string): Promise<number> {
  const doc = await openPdf(file);
  const pages = doc.numPages;
  await doc.destroy();
  return pages;
}

// The smallest document pdfjs opens: one empty page (pdfjs rebuilds the missing
// cross-reference table).
const EMPTY_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

let ready: Promise<boolean> | undefined;

/**
 * Opens an empty document once: pdfjs loads its worker code into this thread on
 * its first document, which costs a process about 0.8 s. Says whether the document
 * opened; never rejects.
 */
export function readyPdfjs(): Promise<boolean> {
  ready ??= openPdfData(EMPTY_PDF).then(
    async (doc) => {
      await doc.destroy();
      return true;
    },
    () => false,
  );
  return ready;
}
