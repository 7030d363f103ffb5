// Sign-in codes: each code sent, and the windows that limit how many are sent.
import type { Generated, Selectable } from 'kysely';

export type OtpPurpose = 'sign_in' | 'change_phone' | 'change_email';

export type OtpChannel = 'sms' | 'email';

export interface OtpChallengeTable {
  id: string;
  device_hash: string;
  code_hash: string;
  purpose: OtpPurpose;
  channel: OtpChannel;
  destination: string;
  user_id: string | null;
  failed_attempts: Generated<number>;
  sent_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface OtpSendWindowTable {
  scope: 'destination' | 'ip' | 'account';
  key: string;
  window_started_at: Date;
  sends: number;
  /** Destination rows: when the last code went there (the 30 s gap). */
  last_sent_at: Date | null;
}

export type OtpChallengeRow = Selectable<OtpChallengeTable>;
