// Answers compressed once and sent many times (the e-paper data of an issue, the
// document at /), in each encoding a browser may accept, chosen by the same
// negotiation @fastify/compress applies to every other answer.
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/** How an answer's bytes travel: as they are, or compressed once when it was built. */
export type AnswerEncoding = 'identity' | 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header (q-values honoured; `*` and
 * `x-gzip` mean gzip, as @fastify/compress reads them), so the API has one rule.
 */
export function pickEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  if (acceptEncoding === undefined) return 'identity';
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return negotiate(header, ['br', 'gzip']) ?? 'identity';
}

/** The text in every encoding, at the highest settings since it happens once. */
export async function encodeOnce(text: string): Promise<Record<AnswerEncoding, Buffer>> {
  const identity = Buffer.from(text);
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped };
}
