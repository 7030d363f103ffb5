// How a page's file name says where the page goes (issue 26, upload and drop
// folder): a brand's naming rule, such as DH_20261127_BLR_P03_v2.pdf for the
// English daily's Bengaluru edition of 27 November, page 3, second version. The
// rule is written with tokens, so a desk whose sender names files differently
// changes a setting, not code:
//
//   {publisher}_{date}_{edition}_P{page}[_{section}][_v{version}].pdf
//
// {date} is yyyyMMdd; [ ] marks an optional part; everything else is literal and
// matched without regard to case. Whether the date, edition and page fit an
// edition the desk expects is decided where the edition is known, not here.
//
// Imported as `@folio/core/page-file-names`, not through the package's index: the
// reader's app loads the index whole (boot.ts), and the desk's rules have no place
// in a reader's first load.
import { compactToIso } from './dates.ts';

export const DEFAULT_PAGE_FILE_RULE =
  '{publisher}_{date}_{edition}_P{page}[_{section}][_v{version}].pdf';
/** Longer file names are refused before any rule is tried (most file systems stop at 255). */
export const MAX_PAGE_FILE_NAME = 255;
export const MAX_PAGE_FILE_RULE = 200;

export interface PageFileName {
  publisher?: string;
  /** yyyy-MM-dd */
  date: string;
  edition: string;
  page: number;
  section?: string;
  /** 1 when the name carries none. */
  version: number;
}

export type PageFileVerdict = { ok: true; name: PageFileName } | { ok: false; reason: string };

const TOKENS = {
  publisher: '[A-Za-z]{1,16}',
  date: '\\d{8}',
  edition: '[A-Za-z0-9]{1,16}',
  page: '\\d{1,3}',
  // A word (Sports, City-Pages), never one that reads as a version (v, v2).
  section: '(?![vV](?![A-Za-z-]))[A-Za-z][A-Za-z-]{0,23}',
  version: '\\d{1,3}',
} as const;
type Token = keyof typeof TOKENS;
const REQUIRED: readonly Token[] = ['date', 'edition', 'page'];

export class PageFileRuleError extends Error {}

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The rule as a regular expression with a named group per token; throws PageFileRuleError. */
function compile(rule: string): RegExp {
  if (rule.length === 0 || rule.length > MAX_PAGE_FILE_RULE)
    throw new PageFileRuleError(`A naming rule has 1 to ${MAX_PAGE_FILE_RULE} characters.`);
  const seen = new Set<string>();
  let pattern = '';
  let optional = false;
  for (const part of rule.split(/(\{[^{}]*\}|\[|\])/)) {
    if (part === '') continue;
    if (part === '[' || part === ']') {
      if ((part === '[') === optional)
        throw new PageFileRuleError(`The naming rule's [ and ] do not pair up: ${rule}`);
      optional = part === '[';
      pattern += optional ? '(?:' : ')?';
      continue;
    }
    const token = /^\{(.*)\}$/.exec(part)?.[1];
    if (token === undefined) {
      if (/[{}]/.test(part))
        throw new PageFileRuleError(`The naming rule has a stray brace: ${rule}`);
      pattern += escapeLiteral(part);
      continue;
    }
    if (!Object.hasOwn(TOKENS, token))
      throw new PageFileRuleError(
        `The naming rule names {${token}}; it may use ${Object.keys(TOKENS)
          .map((t) => `{${t}}`)
          .join(', ')}.`,
      );
    if (seen.has(token))
      throw new PageFileRuleError(`The naming rule names {${token}} twice: ${rule}`);
    if (optional && REQUIRED.includes(token as Token))
      throw new PageFileRuleError(`{${token}} cannot be optional in a naming rule.`);
    seen.add(token);
    pattern += `(?<${token}>${TOKENS[token as Token]})`;
  }
  if (optional) throw new PageFileRuleError(`The naming rule's [ and ] do not pair up: ${rule}`);
  const missing = REQUIRED.filter((token) => !seen.has(token));
  if (missing.length > 0)
    throw new PageFileRuleError(
      `A naming rule must name ${missing.map((t) => `{${t}}`).join(', ')}: ${rule}`,
    );
  return new RegExp(`^${pattern}$`, 'i');
}

/**
 * Reads file names by `rule`: each answer is the page the name gives, or a
 * sentence saying why the name gives none. A broken rule throws PageFileRuleError
 * at once, with what is wrong in it.
 */
export function pageFileRule(rule: string): (fileName: string) => PageFileVerdict {
  const pattern = compile(rule);
  return (fileName) => {
    if (fileName.length > MAX_PAGE_FILE_NAME)
      return {
        ok: false,
        reason: `The file name is longer than ${MAX_PAGE_FILE_NAME} characters.`,
      };
    const groups = pattern.exec(fileName)?.groups;
    if (!groups)
      return { ok: false, reason: `"${fileName}" does not follow the naming rule ${rule}.` };
    const { publisher, date, edition, page, section, version } = groups;
    const iso = compactToIso(date ?? '');
    if (!iso) return { ok: false, reason: `"${fileName}" names ${date}, which is not a date.` };
    const pageNo = Number(page);
    if (pageNo < 1)
      return { ok: false, reason: `"${fileName}" names page ${page}; pages count from 1.` };
    const versionNo = version === undefined ? 1 : Number(version);
    if (versionNo < 1)
      return {
        ok: false,
        reason: `"${fileName}" names version ${version}; versions count from 1.`,
      };
    return {
      ok: true,
      name: {
        ...(publisher === undefined ? {} : { publisher: publisher.toUpperCase() }),
        date: iso,
        edition: (edition ?? '').toUpperCase(),
        page: pageNo,
        ...(section === undefined ? {} : { section }),
        version: versionNo,
      },
    };
  };
}
