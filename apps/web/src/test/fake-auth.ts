// A stand-in for the auth API of docs/auth-api.md at the network edge: it keeps
// a session flag, one account and the code it "sent", and answers the way the
// server does, so sign-in and profile screens run against realistic replies.
import { SESSION_HINT_COOKIE, type Preferences, type ReadingPosition } from '@folio/core';
import { reply, type FakeRequest, type Handler } from './fake-server.ts';

export const TEST_CODE = '246810';

export interface FakeAccount {
  emails: string[];
  phoneNumbers: string[];
  first_name: string | null;
  loginMethod: 'regular' | 'third_party' | 'google_one_tap';
}

export interface FakeAuthOptions {
  /** Signed in from the start with this account. */
  signedInAs?: FakeAccount;
  /** Whether the next sign-in creates the account. */
  newUser?: boolean;
  preferredEditionId?: number | null;
  welcomePopupEnabled?: boolean;
  /** Where the reader left off on another device. */
  readingPosition?: ReadingPosition | null;
}

export interface FakeAuth {
  routes: Record<string, Handler>;
  account: () => FakeAccount | null;
  preferences: () => Preferences;
  /** Every body PUT to /api/users/reading-position, in order. */
  positionsSaved: () => ReadingPosition[];
}

/** The readable cookie the server sets beside the session cookie and clears with it. */
export function setSessionHint(present: boolean) {
  document.cookie = present
    ? `${SESSION_HINT_COOKIE}=1; path=/`
    : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

const signedOut = () => {
  setSessionHint(false);
  return reply(401, { status: 'ERROR', message: 'Please log in to continue.' });
};
const refused = (message: string) => reply(400, { status: 'ERROR', message });

const codeAnswer = {
  status: 'OK',
  preAuthSessionId: 'pre-auth-1',
  deviceId: 'device-1',
  flowType: 'USER_INPUT_CODE',
  codeLength: 6,
  resendAfterSeconds: 30,
  expiresInSeconds: 600,
};

const bodyOf = (request: FakeRequest) => (request.body ?? {}) as Record<string, unknown>;

export function fakeAuth(options: FakeAuthOptions = {}): FakeAuth {
  let account: FakeAccount | null = options.signedInAs ?? null;
  setSessionHint(account !== null);
  let pendingSignIn: { phoneNumber?: string; email?: string } | null = null;
  let pendingChange: { phone?: string; email?: string } | null = null;
  const preferences: Preferences = {
    preferredEditionId: options.preferredEditionId ?? null,
    welcome_popup_enabled: options.welcomePopupEnabled ?? false,
    readingPosition: options.readingPosition ?? null,
  };
  const positionsSaved: ReadingPosition[] = [];

  const me = (current: FakeAccount) => ({
    userData: { emails: current.emails, phoneNumbers: current.phoneNumbers },
    metadata: { first_name: current.first_name },
    loginMethod: current.loginMethod,
    isNewUser: Boolean(options.newUser),
  });

  const routes: Record<string, Handler> = {
    '/api/auth/me': (_url, request) => {
      if (!account) return signedOut();
      if (request.method === 'PUT') {
        account.first_name = String(bodyOf(request).first_name);
        return { status: 'OK', metadata: { first_name: account.first_name } };
      }
      return me(account);
    },
    '/api/auth/session/refresh': () => (account ? { status: 'OK' } : signedOut()),
    '/api/auth/signout': () => {
      account = null;
      setSessionHint(false);
      return { status: 'OK' };
    },
    '/api/auth/code': (_url, request) => {
      const body = bodyOf(request);
      pendingSignIn = { phoneNumber: body.phoneNumber as string, email: body.email as string };
      return codeAnswer;
    },
    '/api/auth/code/resend': () => codeAnswer,
    '/api/auth/verify-code': (_url, request) => {
      if (bodyOf(request).userInputCode !== TEST_CODE) return refused('Invalid OTP.');
      if (pendingChange && account) {
        const changed = pendingChange.phone ? 'phone' : 'email';
        if (pendingChange.phone) account.phoneNumbers = [pendingChange.phone];
        if (pendingChange.email) account.emails = [pendingChange.email];
        pendingChange = null;
        return { status: 'OK', changed };
      }
      const via = pendingSignIn ?? {};
      setSessionHint(true);
      account = {
        emails: via.email ? [via.email] : [],
        phoneNumbers: via.phoneNumber ? [via.phoneNumber] : [],
        first_name: null,
        loginMethod: 'regular',
      };
      return {
        status: 'OK',
        createdNewRecipeUser: Boolean(options.newUser),
        user: {
          id: 'user-1',
          emails: account.emails,
          phoneNumbers: account.phoneNumbers,
          loginMethod: 'regular',
        },
      };
    },
    '/api/auth/change-phone-number': (_url, request) => {
      pendingChange = { phone: String(bodyOf(request).phoneNumber) };
      return codeAnswer;
    },
    '/api/auth/change-email': (_url, request) => {
      pendingChange = { email: String(bodyOf(request).email) };
      return codeAnswer;
    },
    '/api/auth/me/metadata': () => (account ? { status: 'OK' } : signedOut()),
    '/api/users/preferences': (_url, request) => {
      if (!account) return signedOut();
      if (request.method === 'PATCH') {
        preferences.preferredEditionId = Number(bodyOf(request).dh_preferred_edition_id);
      }
      return preferences;
    },
    '/api/users/reading-position': (_url, request) => {
      if (!account) return signedOut();
      const position = bodyOf(request) as unknown as ReadingPosition;
      positionsSaved.push(position);
      preferences.readingPosition = position;
      return preferences;
    },
    '/api/users/disable-welcome-popup': () => {
      preferences.welcome_popup_enabled = false;
      return { status: 'OK' };
    },
  };
  return {
    routes,
    account: () => account,
    preferences: () => preferences,
    positionsSaved: () => positionsSaved,
  };
}

export const readerByPhone: FakeAccount = {
  emails: [],
  phoneNumbers: ['+919876543210'],
  first_name: 'Asha Rao',
  loginMethod: 'regular',
};

export const readerByGoogle: FakeAccount = {
  emails: ['asha@example.in'],
  phoneNumbers: [],
  first_name: 'Asha Rao',
  loginMethod: 'third_party',
};
