// SMS through an HTTP gateway: POST SMS_GATEWAY_URL with SMS_GATEWAY_BODY, whose
// {{to}} and {{message}} are replaced by JSON-escaped values (so a quote or a
// newline in the text cannot break or extend the JSON), plus an optional
// Authorization header. Any 2xx counts as handed over.
import type { SmsGatewayConfig } from '../../config.ts';
import type { MessageTransport, OutgoingMessage } from './transport.ts';

/** A gateway that does not answer within this long is treated as down. */
const SMS_GATEWAY_TIMEOUT_MS = 10_000;

/** The characters of `value` as they must appear inside a JSON string literal. */
function jsonEscaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

export function renderSmsBody(template: string, to: string, message: string): string {
  return template
    .replaceAll('{{to}}', jsonEscaped(to))
    .replaceAll('{{message}}', jsonEscaped(message));
}

export class SmsGateway implements MessageTransport {
  constructor(private readonly config: SmsGatewayConfig) {}

  async send(message: OutgoingMessage): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.authorization) headers.authorization = this.config.authorization;
    const response = await fetch(this.config.url, {
      method: 'POST',
      headers,
      body: renderSmsBody(this.config.bodyTemplate, message.to, message.text),
      signal: AbortSignal.timeout(SMS_GATEWAY_TIMEOUT_MS),
    });
    // Drain the body so the connection is released whatever the gateway said.
    const answer = await response.text();
    if (!response.ok)
      throw new Error(`SMS gateway answered ${response.status}: ${answer.slice(0, 200)}`);
  }
}
