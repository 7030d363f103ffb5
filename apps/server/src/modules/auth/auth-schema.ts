// better-auth's tables in our naming (plural, snake_case) so they read like the
// rest of the schema, plus the fields Folio adds: the reader's phone number and,
// per session, how it was signed in. Both the running auth instance and the
// migration use this one description, so they cannot disagree.
import type { BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

export const authSchemaOptions = {
  user: {
    modelName: 'users',
    fields: { emailVerified: 'email_verified', ...timestamps },
    additionalFields: {
      /** +91 and ten digits; null for readers who signed up by e-mail or Google. */
      phoneNumber: {
        type: 'string',
        required: false,
        unique: true,
        input: false,
        fieldName: 'phone_number',
      },
    },
  },
  session: {
    modelName: 'sessions',
    fields: {
      expiresAt: 'expires_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      userId: 'user_id',
      ...timestamps,
    },
    additionalFields: {
      /** regular (a code), third_party (Google redirect) or google_one_tap. */
      loginMethod: { type: 'string', required: true, input: false, fieldName: 'login_method' },
      /** Whether this sign-in created the account; the web app shows the welcome screen then. */
      isNewUser: { type: 'boolean', required: true, input: false, fieldName: 'is_new_user' },
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      accountId: 'account_id',
      providerId: 'provider_id',
      userId: 'user_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      ...timestamps,
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', ...timestamps },
  },
  rateLimit: {
    // In the database rather than in memory: counters then hold across several
    // server processes and restarts, and better-auth updates them atomically.
    storage: 'database',
    modelName: 'rate_limits',
    fields: { lastRequest: 'last_request' },
  },
} satisfies Partial<BetterAuthOptions>;

/**
 * Creates or extends better-auth's tables. Runs after our own migrations; its
 * diff only ever adds tables and columns, so running it at every start is safe.
 */
export async function migrateAuthTables(db: Kysely<Database>): Promise<string[]> {
  const migrations = await getMigrations({
    ...authSchemaOptions,
    database: { db, type: 'postgres' },
    // better-auth's type check mistakes PostgreSQL's int8 (its own bigint
    // rate-limit column) for a mismatch; real failures still throw.
    logger: { level: 'error' },
  });
  const changed = [...migrations.toBeCreated, ...migrations.toBeAdded].map(
    (t) => `better-auth:${t.table}`,
  );
  await migrations.runMigrations();
  return changed;
}
