// A local stand-in for Google's sign-in endpoints: its published keys (JWKS), the
// authorization step of the redirect flow and the token endpoint, with a locally
// generated RSA key. Tests never reach the internet.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export const FAKE_CLIENT_ID = 'folio-test.apps.googleusercontent.com';
export const FAKE_CLIENT_SECRET = 'folio-test-secret';
const KEY_ID = 'fake-google-key';

export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TokenOptions {
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  nonce?: string;
  /** Sign with a key Google never published. */
  forged?: boolean;
}

interface PendingCode {
  claims: GoogleClaims;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
}

export interface FakeGoogle {
  /** GOOGLE_* settings pointing the app at this fake. */
  env: Record<string, string>;
  idToken(claims: GoogleClaims, options?: TokenOptions): Promise<string>;
  /**
   * Plays the reader choosing an account on Google's page: takes the
   * authorization URL the app redirected to and returns the URL Google would
   * send the browser back to.
   */
  authorize(authorizationUrl: string, claims: GoogleClaims): URL;
  close(): Promise<void>;
}

function readBody(request: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const published = await generateKeyPair('RS256', { extractable: true });
  const unpublished = await generateKeyPair('RS256');
  const jwks = {
    keys: [{ ...(await exportJWK(published.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }],
  };
  const codes = new Map<string, PendingCode>();

  const sign = (claims: GoogleClaims, options: TokenOptions = {}) => {
    const key: CryptoKey = options.forged ? unpublished.privateKey : published.privateKey;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, ...(options.nonce ? { nonce: options.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? FAKE_CLIENT_ID)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(key);
  };

  const server: Server = createServer((request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'GET' && request.url === '/certs') return json(200, jwks);
    if (request.method !== 'POST' || request.url !== '/token')
      return json(404, { error: 'not_found' });
    void readBody(request).then(async (text) => {
      const form = new URLSearchParams(text);
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const valid =
        pending !== undefined &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('client_id') === FAKE_CLIENT_ID &&
        form.get('client_secret') === FAKE_CLIENT_SECRET &&
        form.get('redirect_uri') === pending.redirectUri &&
        challenge === pending.codeChallenge;
      if (!valid) return json(400, { error: 'invalid_grant' });
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'openid email profile',
        id_token: await sign(pending.claims, { nonce: pending.nonce }),
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${base}/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_JWKS_URL: `${base}/certs`,
    },
    idToken: sign,
    authorize(authorizationUrl, claims) {
      const url = new URL(authorizationUrl);
      const params = url.searchParams;
      if (
        `${url.origin}${url.pathname}` !== `${base}/auth` ||
        params.get('client_id') !== FAKE_CLIENT_ID
      ) {
        throw new Error(`not an authorization request for the fake: ${authorizationUrl}`);
      }
      const code = randomBytes(16).toString('hex');
      const redirectUri = params.get('redirect_uri') ?? '';
      codes.set(code, {
        claims,
        nonce: params.get('nonce') ?? '',
        codeChallenge: params.get('code_challenge') ?? '',
        redirectUri,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      return back;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
