// A brand's naming rule reads a page's file name, or says in a sentence why it cannot.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_FILE_RULE,
  MAX_PAGE_FILE_NAME,
  MAX_PAGE_FILE_RULE,
  PageFileRuleError,
  pageFileRule,
} from './page-file-names.ts';

// Compiled inside each test, so a mutation testing run sees which test reads what.
const read = (fileName: string) => pageFileRule(DEFAULT_PAGE_FILE_RULE)(fileName);

describe('the default naming rule', () => {
  it('reads publisher, date, edition, page, section and version', () => {
    expect(read('DH_20261127_BLR_P03_Sports_v2.pdf')).toEqual({
      ok: true,
      name: {
        publisher: 'DH',
        date: '2026-11-27',
        edition: 'BLR',
        page: 3,
        section: 'Sports',
        version: 2,
      },
    });
  });

  it('never reads a version as a section', () => {
    expect(read('DH_20261127_BLR_P03_v2.pdf')).toMatchObject({
      ok: true,
      name: { page: 3, version: 2 },
    });
    expect(read('DH_20261127_BLR_P03_v2.pdf')).not.toHaveProperty('name.section');
    expect(read('DH_20261127_BLR_P03_Velvet_v12.pdf')).toMatchObject({
      name: { section: 'Velvet', version: 12 },
    });
  });

  it('takes version 1 and no section when the name has neither, whatever the case', () => {
    expect(read('dh_20261127_blr_p12.PDF')).toEqual({
      ok: true,
      name: { publisher: 'DH', date: '2026-11-27', edition: 'BLR', page: 12, version: 1 },
    });
  });

  it('refuses a name that does not follow it, naming the rule', () => {
    for (const name of [
      'DH_20261127_BLR_03.pdf',
      'DH_20261127_BLR_P03.pdf.exe',
      'DH-20261127-BLR-P03.pdf',
      'DH_20261127_BLR_P1000.pdf',
      'DH_20261127_BLR_P03_v.pdf',
      'front page.pdf',
      '',
    ])
      expect(read(name)).toEqual({
        ok: false,
        reason: `"${name}" does not follow the naming rule ${DEFAULT_PAGE_FILE_RULE}.`,
      });
  });

  it('refuses a date that is no date, page 0 and version 0', () => {
    expect(read('DH_20261341_BLR_P03.pdf')).toEqual({
      ok: false,
      reason: '"DH_20261341_BLR_P03.pdf" names 20261341, which is not a date.',
    });
    expect(read('DH_20261127_BLR_P00.pdf')).toEqual({
      ok: false,
      reason: '"DH_20261127_BLR_P00.pdf" names page 00; pages count from 1.',
    });
    expect(read('DH_20261127_BLR_P01_v0.pdf')).toEqual({
      ok: false,
      reason: '"DH_20261127_BLR_P01_v0.pdf" names version 0; versions count from 1.',
    });
  });

  it('refuses a name over 255 characters before trying the rule', () => {
    const long = `DH_20261127_BLR_P03_${'a'.repeat(MAX_PAGE_FILE_NAME)}.pdf`;
    expect(read(long)).toEqual({
      ok: false,
      reason: 'The file name is longer than 255 characters.',
    });
    const longest = `DH_20261127_BLR_P03${'.'.repeat(MAX_PAGE_FILE_NAME - 23)}.pdf`;
    expect(longest).toHaveLength(MAX_PAGE_FILE_NAME);
    expect(read(longest)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not follow'),
    });
  });
});

describe('a rule of its own', () => {
  it('reads its literals literally, and leaves out what it does not name', () => {
    const kannada = pageFileRule('PV-{date}-{edition}-{page}(v{version}).pdf');
    expect(kannada('PV-20261127-4-07(v3).pdf')).toEqual({
      ok: true,
      name: { date: '2026-11-27', edition: '4', page: 7, version: 3 },
    });
    // "." and "(" are not patterns.
    expect(kannada('PV-20261127-4-07v3).pdf').ok).toBe(false);
    expect(kannada('PV-20261127-4-07(v3)xpdf').ok).toBe(false);
  });

  it('may leave the version and section out, or make them optional', () => {
    const plain = pageFileRule('{edition}/{date}/p{page}.pdf');
    expect(plain('MYS/20261127/p5.pdf')).toEqual({
      ok: true,
      name: { date: '2026-11-27', edition: 'MYS', page: 5, version: 1 },
    });
  });

  it('is refused when broken, saying what is wrong', () => {
    const broken: Array<[string, string]> = [
      ['', 'A naming rule has 1 to 200 characters.'],
      ['x'.repeat(MAX_PAGE_FILE_RULE + 1), 'A naming rule has 1 to 200 characters.'],
      [
        '{date}_{edition}_{pages}.pdf',
        'The naming rule names {pages}; it may use {publisher}, {date}, {edition}, {page}, {section}, {version}.',
      ],
      ['{date}_{date}_{edition}_{page}.pdf', 'names {date} twice'],
      ['{date}_{edition}[_{page}].pdf', '{page} cannot be optional'],
      ['{date}_{edition}_{page}[_v{version}.pdf', 'do not pair up'],
      ['{date}_{edition}_{page}]_v{version}.pdf', 'do not pair up'],
      ['{date}_{edition}_{page}[[_v{version}]].pdf', 'do not pair up'],
      ['{date}_{edition}_{page}_{.pdf', 'stray brace'],
      ['{date}_{page}.pdf', 'must name {edition}'],
      ['{publisher}.pdf', 'must name {date}, {edition}, {page}'],
    ];
    for (const [rule, message] of broken) {
      expect(() => pageFileRule(rule), rule).toThrow(PageFileRuleError);
      expect(() => pageFileRule(rule), rule).toThrow(message);
    }
    expect(() =>
      pageFileRule('x'.repeat(MAX_PAGE_FILE_RULE - 21) + '{date}{edition}{page}'),
    ).not.toThrow();
  });
});
