// The optional publisher manifest, checked before any page is rendered so a typo
// fails in a second with the field named.
import { readFile } from 'node:fs/promises';
import type { IngestManifest } from '@folio/ingest';
import { z } from 'zod';

const box = { top: z.number(), left: z.number(), width: z.number(), height: z.number() };

const manifestSchema = z.object({
  pages: z
    .array(
      z.object({
        pageNo: z.number().int().positive(),
        name: z.string().optional(),
        displayName: z.string().optional(),
        section: z.string().optional(),
        articles: z.array(z.object({ ...box, title: z.string().optional() })).optional(),
        ads: z.array(z.object(box)).optional(),
      }),
    )
    .optional(),
}) satisfies z.ZodType<IngestManifest>;

export async function readManifest(file: string): Promise<IngestManifest> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `Cannot read manifest ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid manifest ${file}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}
