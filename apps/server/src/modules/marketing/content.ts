// The FAQs, testimonials and offer banner each brand starts with, kept in
// content.json beside this file so editors change words without touching code.
// Read and checked when seeding: a malformed file stops the start loudly rather
// than seeding half of it. `{releaseTime}` in a text is written as the brand's
// release time (packages/core brands, docs/decisions/0024).
import { readFileSync } from 'node:fs';
import { BRAND_CODES, BRANDS, fillReleaseTime, type BrandCode } from '@folio/core';
import { z } from 'zod';

const text = z.string().trim().min(1);

const brandContentSchema = z.object({
  faqs: z.array(z.object({ question: text, answer: text })).min(1),
  testimonials: z
    .array(z.object({ name: text, role: text, message: text, photo: text.nullable() }))
    .min(1),
  banner: z.object({ banner_text: text, banner_subtext: text }),
});
export type BrandContent = z.infer<typeof brandContentSchema>;

const contentSchema = z.object(
  Object.fromEntries(BRAND_CODES.map((brand) => [brand, brandContentSchema])) as Record<
    BrandCode,
    typeof brandContentSchema
  >,
);
export type MarketingContent = Record<BrandCode, BrandContent>;

const CONTENT_FILE = new URL('./content.json', import.meta.url);

/** Every string in `value`, with the brand's release time written in. */
function withReleaseTime<T>(value: T, brand: BrandCode): T {
  if (typeof value === 'string') return fillReleaseTime(value, BRANDS[brand]) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withReleaseTime(item, brand)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withReleaseTime(item, brand)]),
    ) as T;
  return value;
}

export function readMarketingContent(): MarketingContent {
  const content = contentSchema.parse(JSON.parse(readFileSync(CONTENT_FILE, 'utf8')));
  return Object.fromEntries(
    BRAND_CODES.map((brand) => [brand, withReleaseTime(content[brand], brand)]),
  ) as MarketingContent;
}
