// The outside services production mode requires, stood in for on this machine: a
// mail server (SMTP_URL), an SMS gateway (SMS_GATEWAY_URL) and Razorpay (production
// refuses the sandbox provider, and this machine reaches no payment provider). They
// run inside the cluster's own process: they see a handful of requests (a sign-in,
// a purchase), never the load. Every message is kept, so the bench (or a person at
// `npm run cluster`) reads sign-in codes from them as a reader reads their inbox.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  startFakeRazorpay,
  type FakeRazorpay,
} from '../../apps/server/test/helpers/fake-razorpay.ts';
import { sleep } from './wait.ts';

export interface Message {
  channel: 'email' | 'sms';
  to: string;
  text: string;
}

export interface StandIns {
  smtpUrl: string;
  smsGatewayUrl: string;
  razorpay: FakeRazorpay;
  messages: Message[];
  /** The newest sign-in code sent to `to` after `since` messages, waiting up to 30 s. */
  codeFor(to: string, since?: number): Promise<string>;
  close(): Promise<void>;
}

/** Undoes quoted-printable soft breaks and escapes (nodemailer's text bodies): UTF-8 bytes. */
function decodeQuotedPrintable(raw: Buffer): string {
  const text = raw.toString('latin1').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const escaped = text[i] === '=' && /^[0-9A-F]{2}$/.test(text.slice(i + 1, i + 3));
    if (escaped) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function codeIn(text: string): string | undefined {
  return /\b(\d{6})\b/.exec(text)?.[1];
}

export async function startStandIns(announce?: (message: Message) => void): Promise<StandIns> {
  const messages: Message[] = [];
  const keep = (message: Message) => {
    messages.push(message);
    announce?.(message);
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks));
        // The body: everything after the headers' blank line.
        const text = raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n')
          .trim();
        for (const to of session.envelope.rcptTo) keep({ channel: 'email', to: to.address, text });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');

  const gateway: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        // The default SMS_GATEWAY_BODY: {"to":"{{to}}","message":"{{message}}"}.
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          to: string;
          message: string;
        };
        keep({ channel: 'sms', to: body.to, text: body.message });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"queued":true}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  gateway.listen(0, '127.0.0.1');
  await once(gateway, 'listening');

  const razorpay = await startFakeRazorpay();

  return {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    smsGatewayUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
    razorpay,
    messages,
    async codeFor(to, since = 0) {
      for (let i = 0; i < 120; i += 1) {
        const code = messages
          .slice(since)
          .filter((m) => m.to === to)
          .map((m) => codeIn(m.text))
          .findLast((c) => c !== undefined);
        if (code) return code;
        await sleep(250);
      }
      throw new Error(`no sign-in code reached ${to}`);
    },
    async close() {
      await razorpay.close();
      gateway.closeAllConnections();
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
