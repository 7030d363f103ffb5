// Browser-stored values of spec 1 §3 and spec 2 §3, under the spec's own key names
// so every feature reads and writes the same slot. Storage can be disabled or full
// (private modes, quotas); a failed read is "absent" and a failed write is dropped,
// because none of these values is worth breaking a screen for.
import type { ZodType } from 'zod';

/** Long-lived values (localStorage). */
export const LOCAL_KEYS = {
  jwtToken: 'jwt_token',
  preferredEditionId: 'preferredEditionId',
  subscriptionData: 'subscriptionData',
  renewalReminderDismissedUntil: 'renewal_reminder_dismissed_until',
} as const;

/** Per-session values (sessionStorage). */
export const SESSION_KEYS = {
  userPaidStatus: 'user_paid_status',
  subscriptionData: 'subscriptionData',
  isSubscribed: 'isSubscribed',
  archivalAccess: 'ArchivalAccess',
  userLoginMethod: 'user_login_method',
  isSubscriptionFlow: 'isSubscriptionFlow',
  selectedPlan: 'selectedPlan',
  userPreAuthData: 'UserPreAuthData',
  fromPopupOTP: 'fromPopupOTP',
  savedArticlesSearch: 'saved_articles_search',
  /** The welcome popup shows once per session (spec 1 §4); the spec does not name this flag. */
  welcomePopupShown: 'welcome_popup_shown',
  /**
   * Where a Google sign-in should lead, for when it fails: the server keeps the
   * target with its state, but a failed callback cannot read that back.
   */
  socialLoginRedirect: 'social_login_redirect',
} as const;

type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage {
  return which === 'local' ? localStorage : sessionStorage;
}

function read(which: StorageArea, key: string): string | null {
  try {
    return area(which).getItem(key);
  } catch {
    return null;
  }
}

function write(which: StorageArea, key: string, value: string): void {
  try {
    area(which).setItem(key, value);
  } catch {
    // See the file comment: a value we cannot keep is simply not kept.
  }
}

function remove(which: StorageArea, key: string): void {
  try {
    area(which).removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

export const sessionValue = {
  get: (key: SessionKey): string | null => read('session', key),
  set: (key: SessionKey, value: string): void => write('session', key, value),
  remove: (key: SessionKey): void => remove('session', key),
  /** A JSON value that no longer matches its schema is treated as absent and removed. */
  getJson<T>(key: SessionKey, schema: ZodType<T>): T | undefined {
    const raw = read('session', key);
    if (raw === null) return undefined;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: fall through to removal.
    }
    remove('session', key);
    return undefined;
  },
  setJson: (key: SessionKey, value: unknown): void => write('session', key, JSON.stringify(value)),
};

type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];

export const localValue = {
  get: (key: LocalKey): string | null => read('local', key),
  set: (key: LocalKey, value: string): void => write('local', key, value),
};

/** Sign-in method as remembered for this session (spec 1 §3). */
export type StoredLoginMethod = 'regular' | 'third_party' | 'google_one_tap';

export function rememberLoginMethod(method: StoredLoginMethod): void {
  sessionValue.set(SESSION_KEYS.userLoginMethod, method);
}

/** True only when the app has stored that the reader holds an active subscription. */
export function storedIsSubscribed(): boolean {
  return sessionValue.get(SESSION_KEYS.isSubscribed) === 'true';
}

export function hasSelectedPlan(): boolean {
  return sessionValue.get(SESSION_KEYS.selectedPlan) !== null;
}

/**
 * Everything that belongs to the signed-in reader (spec 1 §4 "Logout"): identity,
 * paid status, subscription, plan choice, pending code and the renewal snooze.
 * The reader's own place in the paper (scroll and navigation memory) is not the
 * account's and stays.
 */
export function clearAccountStorage(): void {
  for (const key of Object.values(LOCAL_KEYS)) remove('local', key);
  for (const key of Object.values(SESSION_KEYS)) remove('session', key);
}
