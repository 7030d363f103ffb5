// better-auth's tables in our naming (plural, snake_case) so they read like the
// rest of the schema, plus the fields Folio adds: the reader's phone number and,
// per session, how it was signed in. Migration 0014 creates these tables; a test
// asks better-auth, given this description, whether it would still create or add
// anything, so the two cannot drift apart unseen.
import type { BetterAuthOptions } from 'better-auth';

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
      /** When this session gave its second factor (staff, for the desk); null until then. */
      secondFactorAt: {
        type: 'date',
        required: false,
        input: false,
        fieldName: 'second_factor_at',
      },
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

/** The two-factor plugin's table in our naming (migration 0015); staff only. */
export const twoFactorSchema = {
  twoFactor: {
    modelName: 'two_factors',
    fields: {
      backupCodes: 'backup_codes',
      userId: 'user_id',
      failedVerificationCount: 'failed_verification_count',
      lockedUntil: 'locked_until',
    },
  },
  user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
};
