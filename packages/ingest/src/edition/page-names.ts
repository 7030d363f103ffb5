// Default page names when the publisher sends no manifest: the front page, then the
// usual order of a daily's sections. The demo generator names its pages the same way.

export const SECTION_NAMES = [
  'City',
  'State',
  'Nation',
  'Business',
  'World',
  'Sports',
  'Opinion',
  'Metro',
  'Karnataka',
  'Features',
  'Entertainment',
  'Science',
] as const;

export const pageCode = (pageNo: number): string => String(pageNo).padStart(2, '0');

export function defaultPageName(pageNo: number): string {
  if (pageNo === 1) return '01 Front Page';
  return `${pageCode(pageNo)} ${SECTION_NAMES[(pageNo - 2) % SECTION_NAMES.length] as string}`;
}

/** Reader-facing label: "Front Page" for page 1, "Page N" after it. */
export const defaultDisplayName = (pageNo: number): string =>
  pageNo === 1 ? 'Front Page' : `Page ${pageNo}`;

export const DEFAULT_SECTION = 'Main';
