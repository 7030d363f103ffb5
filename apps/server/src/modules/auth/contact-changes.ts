// What the code plugin asks of whoever owns a reader's contact details (the
// account module): sign-in verifies the codes, the owner decides whether a new
// phone number or e-mail may be had and writes it. Auth defines the port and the
// container plugs the account service into it, so auth knows nothing of accounts.
import type { IssuedCode, VerifiedChallenge } from './otp-service.ts';
import type { Viewer } from './sessions.ts';

export type ContactChange =
  { channel: 'sms'; phoneNumber: string } | { channel: 'email'; email: string };

export interface ContactChanges {
  /** Sends a code to the new phone number or e-mail, or refuses it in the spec's words. */
  requestContactChange(viewer: Viewer, change: ContactChange, ip: string): Promise<IssuedCode>;
  /** Applies a change whose code was just verified; says which of the two changed. */
  applyContactChange(userId: string, challenge: VerifiedChallenge): Promise<'phone' | 'email'>;
}
