// Settings of e-mail (SMTP) and SMS (an HTTP gateway) delivery. Unset outside
// production, both go to the development outbox.
import { z } from 'zod';
import { httpUrl } from './fields.ts';

/** The SMS gateway body when none is configured: a JSON object with the two placeholders. */
export const DEFAULT_SMS_GATEWAY_BODY = '{"to":"{{to}}","message":"{{message}}"}';

/** A body template must stay valid JSON whatever the substituted values are. */
function isJsonBodyTemplate(template: string): boolean {
  if (!template.includes('{{to}}') || !template.includes('{{message}}')) return false;
  try {
    JSON.parse(template.replaceAll('{{to}}', 'x').replaceAll('{{message}}', 'x'));
    return true;
  } catch {
    return false;
  }
}

export const messagingEnv = z.object({
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z
    .string()
    .regex(/@/, { error: 'must be a sender such as "Deccan Herald e-paper <epaper@example.com>"' })
    .optional(),
  SMS_GATEWAY_URL: httpUrl.optional(),
  SMS_GATEWAY_BODY: z
    .string()
    .refine(isJsonBodyTemplate, { error: 'must be a JSON body using {{to}} and {{message}}' })
    .default(DEFAULT_SMS_GATEWAY_BODY),
  SMS_GATEWAY_AUTHORIZATION: z.string().optional(),
});

export interface SmtpConfig {
  url: string;
  from: string;
}

export interface SmsGatewayConfig {
  url: string;
  /** JSON with {{to}} and {{message}}, substituted JSON-escaped. */
  bodyTemplate: string;
  /** Sent as the Authorization header when set. */
  authorization: string | undefined;
}

/** Rules between the messaging keys, on the raw environment. */
export function messagingProblems(env: Record<string, string>): string[] {
  return env.SMTP_URL && !env.SMTP_FROM ? ['SMTP_FROM: is required with SMTP_URL'] : [];
}

export function messagingConfig(e: z.infer<typeof messagingEnv>): {
  smtp: SmtpConfig | undefined;
  smsGateway: SmsGatewayConfig | undefined;
} {
  return {
    smtp: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    smsGateway: e.SMS_GATEWAY_URL
      ? {
          url: e.SMS_GATEWAY_URL,
          bodyTemplate: e.SMS_GATEWAY_BODY,
          authorization: e.SMS_GATEWAY_AUTHORIZATION,
        }
      : undefined,
  };
}
