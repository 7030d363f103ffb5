// Talking to Google: the authorization URL and code exchange of the redirect flow
// (better-auth's OAuth helpers, with PKCE) and ID-token verification for both
// flows (jose against Google's published keys). Every endpoint comes from config,
// so tests point them at a local fake.
import { createAuthorizationURL, validateAuthorizationCode } from 'better-auth/oauth2';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { AUTH_MESSAGES } from '@folio/core';
import type { GoogleConfig } from '../../config.ts';
import { BadRequestError } from '../../errors.ts';

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** Leeway for the clocks of Google and this server disagreeing a little. */
const CLOCK_TOLERANCE_SECONDS = 30;
const SCOPES = ['openid', 'email', 'profile'];

export interface GoogleProfile {
  /** Google's stable account id (`sub`). */
  subject: string;
  /** Null when Google sent none (the reader is then asked to use another way in). */
  email: string | null;
  emailVerified: boolean;
  name: string;
}

function profileOf(claims: JWTPayload): GoogleProfile {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  return {
    subject: text(claims.sub) ?? '',
    email: text(claims.email)?.toLowerCase() ?? null,
    // Google sends a boolean; older tokens carried the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name) ?? text(claims.given_name) ?? '',
  };
}

export class GoogleIdentity {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly config: GoogleConfig,
    private readonly now: () => Date,
  ) {
    // jose caches the key set and refetches it when a token names an unknown key.
    this.keys = createRemoteJWKSet(new URL(config.jwksUrl));
  }

  get redirectFlowEnabled(): boolean {
    return this.config.clientSecret !== undefined;
  }

  /** Checks signature, issuer, audience (our client id), expiry and, for the redirect flow, the nonce. */
  async verifyIdToken(token: string, expectedNonce?: string): Promise<GoogleProfile> {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: this.config.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: this.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch {
      throw new BadRequestError(AUTH_MESSAGES.socialLoginFailed);
    }
    if (expectedNonce !== undefined && claims.nonce !== expectedNonce) {
      throw new BadRequestError(AUTH_MESSAGES.socialLoginFailed);
    }
    return profileOf(claims);
  }

  async authorizationUrl(flow: {
    state: string;
    codeVerifier: string;
    nonce: string;
    redirectUri: string;
  }) {
    return createAuthorizationURL({
      id: 'google',
      options: { clientId: this.config.clientId },
      authorizationEndpoint: this.config.authUrl,
      redirectURI: flow.redirectUri,
      state: flow.state,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      scopes: SCOPES,
      prompt: 'select_account',
    });
  }

  /** Trades the authorization code for Google's ID token. */
  async exchangeCode(flow: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<string> {
    const tokens = await validateAuthorizationCode({
      code: flow.code,
      codeVerifier: flow.codeVerifier,
      redirectURI: flow.redirectUri,
      options: { clientId: this.config.clientId, clientSecret: this.config.clientSecret },
      tokenEndpoint: this.config.tokenUrl,
      authentication: 'post',
    });
    if (!tokens.idToken) throw new BadRequestError(AUTH_MESSAGES.socialLoginFailed);
    return tokens.idToken;
  }
}
