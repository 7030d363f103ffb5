// The rules of one-time codes (spec 1 §4 "One-time code flow", §9): six digits
// from a CSPRNG, kept only as an HMAC, valid ten minutes, single use, bound to the
// preAuthSessionId and deviceId of the request that asked for them, five wrong
// entries at most, 30 s at least between two codes to one destination (a resend or
// a fresh request alike), and send limits per destination, per client address and,
// for a signed-in reader's changes, per account. Nothing here looks up accounts, so
// the answer to "send a code to X" is the same whether or not X has one; a caller
// that must look (a change to a value another account has) does it in `beforeSend`,
// after the send is counted, so every probe costs a send slot.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_MESSAGES,
  CODE_VALIDITY_SECONDS,
  MAX_CODE_ATTEMPTS,
  OTP_LENGTH,
  RESEND_AFTER_SECONDS,
  type BrandCode,
} from '@folio/core';
import type { OtpChallengeRow, OtpChannel, OtpPurpose } from '../../db/schema.ts';
import {
  BadRequestError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../errors.ts';
import type { MessageTransport } from '../messaging/index.ts';
import { codeMessage } from './code-message.ts';
import type { OtpRepo } from './otp-repo.ts';
import type { KeyedHash } from './secrets.ts';

/** Sends counted per destination and per client address, in one-hour windows. */
const SEND_WINDOW_SECONDS = 3600;
/** Against SMS pumping and e-mail bombing: a number or address gets at most this many codes an hour. */
export const SENDS_PER_DESTINATION_PER_HOUR = 5;
/**
 * Per client address, by default (SEND_CODE_LIMIT). Higher than per destination
 * because Indian mobile carriers put many readers behind one carrier-grade NAT address.
 */
export const SENDS_PER_IP_PER_HOUR = 30;
/** Per signed-in account, for phone and e-mail changes: a reader changes these rarely. */
export const SENDS_PER_ACCOUNT_PER_HOUR = 10;
/** Used and expired challenges are kept this long after expiry, then deleted. */
const CHALLENGE_RETENTION_MS = 24 * 3600 * 1000;

const MS = 1000;

export interface CodeRequestFor {
  purpose: OtpPurpose;
  channel: OtpChannel;
  /** Normalised: +91 and ten digits, or a lower-case address. */
  destination: string;
  /** The signed-in reader a change of phone or e-mail is for. */
  userId: string | null;
  ip: string;
  /**
   * Runs once the send is counted and before any code is made; what it throws is
   * the answer, and the send slot stays spent.
   */
  beforeSend?: () => Promise<void>;
}

export interface IssuedCode {
  preAuthSessionId: string;
  deviceId: string;
}

export interface CodeAttempt extends IssuedCode {
  code: string;
  /** The signed-in reader sending the code, if any (change flows must match it). */
  viewerId: string | null;
}

export interface VerifiedChallenge {
  purpose: OtpPurpose;
  channel: OtpChannel;
  destination: string;
  /** The reader a change of phone or e-mail is for (checked against the session); null for a sign-in. */
  ownerId: string | null;
}

export interface OtpServiceDeps {
  repo: OtpRepo;
  hash: KeyedHash;
  transports: Record<OtpChannel, MessageTransport>;
  brand: BrandCode;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Codes sent per client address per hour (SEND_CODE_LIMIT; SENDS_PER_IP_PER_HOUR by default). */
  sendsPerIpPerHour?: number;
}

const randomToken = () => randomBytes(32).toString('base64url');
const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

function invalidCode(
  reason: 'INCORRECT_CODE' | 'CODE_EXPIRED' | 'RESTART_FLOW',
  attemptsRemaining?: number,
) {
  return new BadRequestError(AUTH_MESSAGES.otpInvalid, {
    details: { reason, ...(attemptsRemaining === undefined ? {} : { attemptsRemaining }) },
  });
}

export class OtpService {
  constructor(private readonly deps: OtpServiceDeps) {}

  async issue(request: CodeRequestFor): Promise<IssuedCode> {
    const now = this.deps.now();
    await this.countSend(request.destination, request.ip, request.userId, now);
    await request.beforeSend?.();
    const issued = { preAuthSessionId: randomToken(), deviceId: randomToken() };
    const code = newCode();
    await this.deps.repo.insertChallenge({
      id: issued.preAuthSessionId,
      device_hash: this.deviceHash(issued),
      code_hash: this.codeHash(issued.preAuthSessionId, code),
      purpose: request.purpose,
      channel: request.channel,
      destination: request.destination,
      user_id: request.userId,
      sent_at: now,
      expires_at: new Date(now.getTime() + CODE_VALIDITY_SECONDS * MS),
    });
    await this.deliver(request.channel, request.destination, code);
    await this.deps.repo.prune(
      new Date(now.getTime() - CHALLENGE_RETENTION_MS),
      new Date(now.getTime() - SEND_WINDOW_SECONDS * MS),
    );
    return issued;
  }

  /** A new code for the same challenge; the previous code stops working. */
  async resend(issued: IssuedCode, ip: string): Promise<IssuedCode> {
    const now = this.deps.now();
    const challenge = await this.openChallenge(issued, AUTH_MESSAGES.loginAttemptNotFound);
    const waitMs = challenge.sent_at.getTime() + RESEND_AFTER_SECONDS * MS - now.getTime();
    if (waitMs > 0) throw this.resendTooSoon(Math.ceil(waitMs / MS));
    await this.countSend(challenge.destination, ip, challenge.user_id, now);
    const code = newCode();
    const replaced = await this.deps.repo.replaceCode(challenge.id, challenge.sent_at, {
      codeHash: this.codeHash(challenge.id, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + CODE_VALIDITY_SECONDS * MS),
    });
    // Another resend of the same challenge got there first; its code is the live one.
    if (!replaced) throw this.resendTooSoon(RESEND_AFTER_SECONDS);
    await this.deliver(challenge.channel, challenge.destination, code);
    return issued;
  }

  /** Consumes the code if it is right; exactly one of several concurrent calls can succeed. */
  async verify(attempt: CodeAttempt): Promise<VerifiedChallenge> {
    const now = this.deps.now();
    const challenge = await this.openChallenge(attempt, AUTH_MESSAGES.otpInvalid);
    const ownerId =
      challenge.purpose === 'sign_in' ? null : this.owner(challenge, attempt.viewerId);
    if (challenge.failed_attempts >= MAX_CODE_ATTEMPTS) throw invalidCode('RESTART_FLOW', 0);
    if (challenge.expires_at.getTime() <= now.getTime()) throw invalidCode('CODE_EXPIRED');
    if (!this.deps.hash.matches(challenge.code_hash, 'code', challenge.id, attempt.code)) {
      const failed = await this.deps.repo.recordWrongEntry(
        challenge.id,
        challenge.code_hash,
        MAX_CODE_ATTEMPTS,
      );
      if (failed === undefined) throw invalidCode('RESTART_FLOW');
      const remaining = MAX_CODE_ATTEMPTS - failed;
      throw remaining > 0
        ? invalidCode('INCORRECT_CODE', remaining)
        : invalidCode('RESTART_FLOW', 0);
    }
    const consumed = await this.deps.repo.consume(
      challenge.id,
      challenge.code_hash,
      now,
      MAX_CODE_ATTEMPTS,
    );
    if (!consumed) throw invalidCode('RESTART_FLOW');
    await this.deps.repo.liftGap(consumed.destination);
    return {
      purpose: consumed.purpose,
      channel: consumed.channel,
      destination: consumed.destination,
      ownerId,
    };
  }

  /** A change of phone or e-mail can only be confirmed in the session of the reader who asked for it. */
  private owner(challenge: OtpChallengeRow, viewerId: string | null): string {
    if (!viewerId) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
    if (viewerId !== challenge.user_id) throw invalidCode('RESTART_FLOW');
    return viewerId;
  }

  /** The challenge these ids name, if it can still be used; the same refusal for every other case. */
  private async openChallenge(issued: IssuedCode, message: string): Promise<OtpChallengeRow> {
    const challenge = await this.deps.repo.findChallenge(issued.preAuthSessionId);
    const usable =
      challenge !== undefined &&
      challenge.consumed_at === null &&
      this.deps.hash.matches(
        challenge.device_hash,
        'device',
        issued.preAuthSessionId,
        issued.deviceId,
      );
    if (!usable) throw new BadRequestError(message, { details: { reason: 'RESTART_FLOW' } });
    return challenge;
  }

  private async countSend(
    destination: string,
    ip: string,
    userId: string | null,
    now: Date,
  ): Promise<void> {
    const decision = await this.deps.repo.countSend(
      [
        { scope: 'ip', key: ip, max: this.deps.sendsPerIpPerHour ?? SENDS_PER_IP_PER_HOUR },
        ...(userId
          ? [{ scope: 'account' as const, key: userId, max: SENDS_PER_ACCOUNT_PER_HOUR }]
          : []),
        {
          scope: 'destination',
          key: destination,
          max: SENDS_PER_DESTINATION_PER_HOUR,
          minGapMs: RESEND_AFTER_SECONDS * MS,
        },
      ],
      now,
      SEND_WINDOW_SECONDS * MS,
    );
    if (decision.allowed) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / MS));
    if (decision.reason === 'gap') throw this.resendTooSoon(retryAfterSeconds);
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const message = {
      ip: AUTH_MESSAGES.networkSendLimit,
      account: AUTH_MESSAGES.accountSendLimit,
      destination: AUTH_MESSAGES.destinationSendLimit,
    }[decision.scope](minutes);
    throw new TooManyRequestsError(message, {
      details: { reason: 'SEND_LIMIT', retryAfterSeconds },
    });
  }

  private resendTooSoon(seconds: number): TooManyRequestsError {
    return new TooManyRequestsError(AUTH_MESSAGES.resendTooSoon(seconds), {
      details: { reason: 'RESEND_TOO_SOON', retryAfterSeconds: seconds },
    });
  }

  private async deliver(channel: OtpChannel, destination: string, code: string): Promise<void> {
    try {
      await this.deps.transports[channel].send(
        codeMessage(this.deps.brand, channel, destination, code),
      );
    } catch (error) {
      this.deps.log.error({ err: error, channel }, 'one-time code could not be delivered');
      throw new ServiceUnavailableError(AUTH_MESSAGES.startFailed, { cause: error });
    }
  }

  private deviceHash(issued: IssuedCode): string {
    return this.deps.hash.digest('device', issued.preAuthSessionId, issued.deviceId);
  }

  private codeHash(challengeId: string, code: string): string {
    return this.deps.hash.digest('code', challengeId, code);
  }
}
