// The release gate (issue 26 part 8): what stops an edition from reaching readers.
// Pure: it reads the pages as ingest saw them and says, in the desk's words, each
// reason the edition may not go out. An empty list lets it through.

export interface GatePage {
  pageNo: number;
  /** Every text line of the page, top first. */
  text: string;
  /** No text and one colour. */
  blank: boolean;
  /** Of the page's PDF file. */
  sha256: string;
}

export interface GateInput {
  /** The edition's date, yyyy-MM-dd. */
  date: string;
  /** Pages the edition should have; the highest page received when the desk set none. */
  expected: number | null;
  /** Missing pages allowed (the brand's tolerance). */
  tolerance: number;
  pages: GatePage[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Lines from the top of a page that may carry its folio line (date, page, paper). */
const FOLIO_LINES = 4;

const pad = (n: number) => String(n).padStart(2, '0');

function isoOf(year: number, month: number, day: number): string | undefined {
  // A day the month does not have (or month 13) rolls over into another month.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCMonth() !== month - 1) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first date printed in a page's folio lines (2026-11-27, 27 November 2026, November 27, 2026). */
export function folioDate(text: string): string | undefined {
  const top = text.split('\n').slice(0, FOLIO_LINES).join(' ');
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(top);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const months = MONTHS.join('|');
  const dayFirst = new RegExp(`\\b(\\d{1,2}) (${months}),? (\\d{4})\\b`, 'i').exec(top);
  if (dayFirst)
    return isoOf(
      Number(dayFirst[3]),
      MONTHS.indexOf(String(dayFirst[2]).toLowerCase()) + 1,
      Number(dayFirst[1]),
    );
  const monthFirst = new RegExp(`\\b(${months}) (\\d{1,2}),? (\\d{4})\\b`, 'i').exec(top);
  if (monthFirst)
    return isoOf(
      Number(monthFirst[3]),
      MONTHS.indexOf(String(monthFirst[1]).toLowerCase()) + 1,
      Number(monthFirst[2]),
    );
  return undefined;
}

function list(numbers: number[]): string {
  return numbers.join(', ');
}

/** The refusal for pages missing beyond the tolerance, or undefined. */
export function missingPages(
  expected: number | null,
  received: number[],
  tolerance: number,
): string | undefined {
  const present = new Set(received);
  const count = expected ?? Math.max(0, ...present);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !present.has(n));
  if (missing.length <= tolerance) return undefined;
  return `${missing.length === 1 ? 'Page' : 'Pages'} ${list(missing)} missing.`;
}

/** Every reason the edition may not be released; none when it may. */
export function gateRefusals(input: GateInput): string[] {
  const refusals: string[] = [];
  const missing = missingPages(
    input.expected,
    input.pages.map((p) => p.pageNo),
    input.tolerance,
  );
  if (missing) refusals.push(missing);
  const pages = [...input.pages].sort((a, b) => a.pageNo - b.pageNo);
  for (const page of pages) if (page.blank) refusals.push(`Page ${page.pageNo} is blank.`);
  const seen = new Map<string, number>();
  for (const page of pages) {
    const same =
      seen.get(`file:${page.sha256}`) ??
      (page.text.trim() === '' ? undefined : seen.get(`text:${page.text}`));
    if (same !== undefined) refusals.push(`Pages ${same} and ${page.pageNo} are the same page.`);
    seen.set(`file:${page.sha256}`, page.pageNo);
    if (page.text.trim() !== '') seen.set(`text:${page.text}`, page.pageNo);
  }
  for (const page of pages) {
    const printed = folioDate(page.text);
    if (printed !== undefined && printed !== input.date)
      refusals.push(`Page ${page.pageNo} is dated ${printed}, not ${input.date}.`);
  }
  return refusals;
}
