// Where media is kept (issue 28 part 1): the local folder (MEDIA_DIR) by default,
// an S3-compatible bucket when S3_BUCKET is set, so that several servers share one
// store. The bucket is private: readers reach its objects only through /media
// (docs/decisions/0037).
import { z } from 'zod';
import { booleanFlag, httpUrl } from './fields.ts';

/**
 * S3's rules for a bucket name that also works as a host name (virtual-hosted
 * style): 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit
 * at each end, no empty or hyphen-edged label, and not an IP address.
 */
const BUCKET_NAME = /^(?!\d+\.\d+\.\d+\.\d+$)(?!.*(\.\.|\.-|-\.))[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Printable, without spaces: an access key id or secret as a store issues them. */
const token = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' });

export const storageEnv = z.object({
  S3_BUCKET: z
    .string()
    .regex(BUCKET_NAME, {
      error: 'must be a DNS-safe bucket name: 3 to 63 of a-z, 0-9, "." and "-"',
    })
    .optional(),
  S3_ENDPOINT: httpUrl.max(300, { error: 'must be at most 300 characters' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, { error: 'must be a region such as us-east-1 (or auto)' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: token(128).optional(),
  S3_SECRET_ACCESS_KEY: token(256).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
});

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset for AWS itself. */
      endpoint?: string;
      region: string;
      /** Unset (with the secret) to use the SDK's own credentials (instance role, AWS_* variables). */
      accessKeyId?: string;
      secretAccessKey?: string;
      /** host/bucket/key addressing; on by default with S3_ENDPOINT, as most other stores need it. */
      forcePathStyle: boolean;
    };

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** Rules between the storage keys, on the raw environment. */
export function storageProblems(env: Record<string, string>): string[] {
  if (!env.S3_BUCKET) {
    // A bucket's settings without the bucket would quietly keep media on this
    // server's disk, where the other servers never see it.
    const stray = S3_SETTINGS.filter((key) => env[key]);
    return stray.length === 0 ? [] : [`S3_BUCKET: is required with ${stray.join(', ')}`];
  }
  const problems: string[] = [];
  const id = Boolean(env.S3_ACCESS_KEY_ID);
  const secret = Boolean(env.S3_SECRET_ACCESS_KEY);
  if (id && !secret) problems.push('S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID');
  if (secret && !id) problems.push('S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY');
  // A store other than AWS has no instance role to fall back on.
  if (env.S3_ENDPOINT && !id && !secret)
    problems.push(
      'S3_ACCESS_KEY_ID: is required with S3_ENDPOINT (and S3_SECRET_ACCESS_KEY with it)',
    );
  return problems;
}

export function storageConfig(e: z.infer<typeof storageEnv>, mediaDir: string): StorageConfig {
  if (e.S3_BUCKET === undefined) return { kind: 'local', dir: mediaDir };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}
