// Readers as Folio sees them, over better-auth's user and account tables (which
// only better-auth writes). better-auth requires an e-mail on every user, so a
// reader who signed up by phone gets a placeholder on a reserved domain; it never
// leaves this file.
import { randomUUID } from 'node:crypto';
import type { DBAdapter, InternalAdapter, User } from 'better-auth';

/** RFC 2606 reserves .invalid: nothing can ever be delivered there. */
const PHONE_ONLY_EMAIL_DOMAIN = 'phone.folio.invalid';
const GOOGLE_PROVIDER_ID = 'google';

export interface Reader {
  id: string;
  /** The name the reader gave; empty until they give one. */
  name: string;
  /** Null for readers who signed up by phone and never added an e-mail. */
  email: string | null;
  /** +91 and ten digits, or null. */
  phoneNumber: string | null;
}

export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
}

/** Reads a better-auth user row, including the fields Folio added to it. */
export function toReader(user: User & Record<string, unknown>): Reader {
  return {
    id: user.id,
    name: user.name,
    email: isPlaceholderEmail(user.email) ? null : user.email,
    phoneNumber: typeof user.phoneNumber === 'string' ? user.phoneNumber : null,
  };
}

/** PostgreSQL's unique_violation, raised when two readers race for one phone or e-mail. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** The part of better-auth's context this directory uses. */
export interface AuthStore {
  internalAdapter: InternalAdapter;
  adapter: Pick<DBAdapter, 'findOne'>;
}

export class UserDirectory {
  /** A thunk because the auth instance (and its context) is built after its plugins, which use this. */
  constructor(private readonly context: () => Promise<AuthStore>) {}

  async findById(id: string): Promise<Reader | undefined> {
    const user = await (await this.context()).internalAdapter.findUserById(id);
    return user ? toReader(user) : undefined;
  }

  async findByPhone(phoneNumber: string): Promise<Reader | undefined> {
    const user = await (
      await this.context()
    ).adapter.findOne<User>({
      model: 'user',
      where: [{ field: 'phoneNumber', value: phoneNumber }],
    });
    return user ? toReader(user) : undefined;
  }

  async findByEmail(email: string): Promise<Reader | undefined> {
    const found = await (await this.context()).internalAdapter.findUserByEmail(email);
    return found ? toReader(found.user) : undefined;
  }

  async findByGoogleAccount(subject: string): Promise<Reader | undefined> {
    const context = await this.context();
    const account = await context.internalAdapter.findAccountByKey({
      providerId: GOOGLE_PROVIDER_ID,
      accountId: subject,
    });
    return account ? this.findById(account.userId) : undefined;
  }

  /** A reader proven to own `phoneNumber` by a code. */
  async createWithPhone(phoneNumber: string): Promise<Reader> {
    const user = await (
      await this.context()
    ).internalAdapter.createUser(
      {
        email: `${randomUUID()}@${PHONE_ONLY_EMAIL_DOMAIN}`,
        name: '',
        emailVerified: false,
        phoneNumber,
      },
      { method: 'phone-number' },
    );
    return toReader(user);
  }

  /** A reader proven to own `email` by a code. */
  async createWithEmail(email: string): Promise<Reader> {
    const user = await (
      await this.context()
    ).internalAdapter.createUser({ email, name: '', emailVerified: true }, { method: 'email-otp' });
    return toReader(user);
  }

  /** A reader signing up with Google, linked to their Google account. */
  async createWithGoogle(profile: {
    subject: string;
    email: string;
    name: string;
  }): Promise<Reader> {
    const { user } = await (
      await this.context()
    ).internalAdapter.createOAuthUser(
      { email: profile.email, name: profile.name, emailVerified: true },
      { providerId: GOOGLE_PROVIDER_ID, accountId: profile.subject },
    );
    return toReader(user);
  }

  async linkGoogleAccount(userId: string, subject: string): Promise<void> {
    await (
      await this.context()
    ).internalAdapter.linkAccount({
      userId,
      providerId: GOOGLE_PROVIDER_ID,
      accountId: subject,
    });
  }

  async rename(id: string, name: string): Promise<Reader> {
    return toReader(await (await this.context()).internalAdapter.updateUser(id, { name }));
  }

  /** Throws a unique violation (see isUniqueViolation) when another reader has the number. */
  async setPhone(id: string, phoneNumber: string): Promise<Reader> {
    return toReader(await (await this.context()).internalAdapter.updateUser(id, { phoneNumber }));
  }

  /** The address was proven by a code, so it is verified. Throws a unique violation when taken. */
  async setEmail(id: string, email: string): Promise<Reader> {
    return toReader(
      await (await this.context()).internalAdapter.updateUser(id, { email, emailVerified: true }),
    );
  }
}
