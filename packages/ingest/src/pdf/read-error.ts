// The errors of reading a PDF, kept apart from pdfjs: the process that runs ingest
// (the web server) needs them, and only its render workers may load pdfjs, whose
// legacy build replaces process-wide built-ins such as JSON.stringify.

/** A failure the caller reports as an IngestError (plain data: it crosses processes). */
export class PdfReadError extends Error {
  override name = 'PdfReadError';
}

export function readErrorMessage(error: unknown): string {
  if (error instanceof PdfReadError) return error.message;
  return `could not process the page (${error instanceof Error ? error.message : String(error)})`;
}
