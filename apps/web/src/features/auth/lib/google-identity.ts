// Google Identity Services, the script behind One Tap (spec 2 §7 "One-tap script").
// It is fetched only when the site has a Google client id, and at most once.
// Its CSP needs: script-src https://accounts.google.com/gsi/client; frame-src and
// connect-src https://accounts.google.com/gsi/; style-src https://accounts.google.com/gsi/style.

const GOOGLE_CLIENT_SCRIPT = 'https://accounts.google.com/gsi/client';

export interface CredentialResponse {
  credential?: string;
}

interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: CredentialResponse) => void;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  use_fedcm_for_prompt?: boolean;
}

export interface GoogleAccountsId {
  initialize: (config: GoogleIdConfiguration) => void;
  prompt: () => void;
  cancel: () => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  // Already on the page (another screen loaded it, or a test supplies Google's side).
  const present = window.google?.accounts?.id;
  if (present) return Promise.resolve(present);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_CLIENT_SCRIPT;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    // A blocked script (extension, offline) may load on a later visit to the page.
    loading = null;
    throw error;
  });
  return loading;
}
