// The short verify link printed on a downloaded clip (issue 25 part 5): /v/{code}
// names one article of one issue, so a reader holding the clip can open the article
// it was cut from. The code needs no table: it carries the article's place (brand,
// day, edition, page, article) sealed with a key derived from the server secret.
//
// 60 bits in 12 Crockford base32 characters: 38 bits of place, masked so codes look
// alike, and a 22-bit tag over the place. Only the server can make a code; a guess
// must hit the tag (1 in 4 million) and a place that exists. The same article always
// gets the same code while the server secret stays the same.
import { createHmac } from 'node:crypto';
import { ARCHIVE_START, BRAND_CODES, type BrandCode } from '@folio/core';

/** Characters of a code; a longer address is refused before it is read. */
export const VERIFY_CODE_LENGTH = 12;
/** Path of the verify route; the code follows. */
export const VERIFY_ROUTE = '/v';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${VERIFY_CODE_LENGTH}}$`);

// Bits of each part of a place, most significant first.
const FIELDS = [
  ['brand', 2],
  ['day', 15],
  ['edition', 7],
  ['page', 7],
  ['article', 7],
] as const;
const PLACE_BITS = FIELDS.reduce((sum, [, bits]) => sum + bits, 0);
const TAG_BITS = VERIFY_CODE_LENGTH * 5 - PLACE_BITS;

/** Where an article sits: what a verify code carries. */
export interface ArticlePlace {
  brand: BrandCode;
  /** yyyy-MM-dd. */
  date: string;
  editionNumber: number;
  /** Index of the page in the issue, from 0. */
  pageIndex: number;
  /** Index of the article on its page, from 0. */
  articleIndex: number;
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string) =>
  Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${ARCHIVE_START}T00:00:00Z`)) / DAY_MS);
const isoOf = (day: number) =>
  new Date(Date.parse(`${ARCHIVE_START}T00:00:00Z`) + day * DAY_MS).toISOString().slice(0, 10);

const fits = (value: number, bits: number) =>
  Number.isInteger(value) && value >= 0 && value < 2 ** bits;

export class VerifyLinks {
  constructor(private readonly key: Buffer) {}

  /** The code of an article's place, or undefined when the place is past what a code holds. */
  codeOf(place: ArticlePlace): string | undefined {
    const values = {
      brand: BRAND_CODES.indexOf(place.brand),
      day: dayOf(place.date),
      edition: place.editionNumber,
      page: place.pageIndex,
      article: place.articleIndex,
    };
    let packed = 0n;
    for (const [name, bits] of FIELDS) {
      if (!fits(values[name], bits)) return undefined;
      packed = (packed << BigInt(bits)) | BigInt(values[name]);
    }
    const tag = this.bits('tag', packed, TAG_BITS);
    const sealed = (tag << BigInt(PLACE_BITS)) | (packed ^ this.bits('mask', tag, PLACE_BITS));
    let code = '';
    for (let i = VERIFY_CODE_LENGTH - 1; i >= 0; i -= 1)
      code += ALPHABET[Number((sealed >> BigInt(i * 5)) & 31n)];
    return code;
  }

  /** The place a code names, or undefined for anything this server did not make. */
  placeOf(code: string): ArticlePlace | undefined {
    const text = code.toUpperCase();
    if (!CODE_PATTERN.test(text)) return undefined;
    let sealed = 0n;
    for (const char of text) sealed = (sealed << 5n) | BigInt(ALPHABET.indexOf(char));
    const tag = sealed >> BigInt(PLACE_BITS);
    const placeMask = (1n << BigInt(PLACE_BITS)) - 1n;
    const packed = (sealed & placeMask) ^ this.bits('mask', tag, PLACE_BITS);
    if (this.bits('tag', packed, TAG_BITS) !== tag) return undefined;
    const values: Record<string, number> = {};
    let rest = packed;
    for (const [name, bits] of [...FIELDS].reverse()) {
      values[name] = Number(rest & ((1n << BigInt(bits)) - 1n));
      rest >>= BigInt(bits);
    }
    const brand = BRAND_CODES[values.brand ?? -1];
    if (!brand) return undefined;
    return {
      brand,
      date: isoOf(values.day ?? 0),
      editionNumber: values.edition ?? 0,
      pageIndex: values.page ?? 0,
      articleIndex: values.article ?? 0,
    };
  }

  /** The first `count` bits of the keyed hash of `purpose` and `value`. */
  private bits(purpose: string, value: bigint, count: number): bigint {
    const digest = createHmac('sha256', this.key).update(`${purpose}:${value}`).digest();
    return BigInt(`0x${digest.subarray(0, 8).toString('hex')}`) >> BigInt(64 - count);
  }
}
