// The text of a one-time code message. It names the sender (the brand's e-paper)
// and how long the code lasts, so a reader can tell a real message from a
// phishing attempt and knows when to ask for a new one.
import { BRANDS, CODE_VALIDITY_SECONDS, type BrandCode } from '@folio/core';
import type { MessageChannel, OutgoingMessage } from '../messaging/index.ts';

export function codeMessage(
  brand: BrandCode,
  channel: MessageChannel,
  to: string,
  code: string,
): OutgoingMessage {
  const sender = BRANDS[brand].logoAlt;
  const minutes = CODE_VALIDITY_SECONDS / 60;
  if (channel === 'sms') {
    return {
      channel,
      to,
      subject: null,
      text: `${code} is your ${sender} verification code. It is valid for ${minutes} minutes. Do not share it with anyone.`,
    };
  }
  return {
    channel,
    to,
    subject: `Your ${sender} verification code`,
    text: [
      `Your ${sender} verification code is ${code}.`,
      '',
      `It is valid for ${minutes} minutes. Do not share it with anyone.`,
      'If you did not ask for this code, you can ignore this email.',
      '',
      `— ${sender}`,
    ].join('\n'),
  };
}
