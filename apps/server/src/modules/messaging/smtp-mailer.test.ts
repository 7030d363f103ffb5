// The mailer gives up on a mail server that hangs: the waits it adds to SMTP_URL
// (unless the URL sets its own) reach nodemailer, shown with a server that takes the
// connection and never greets.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTP_WAITS, SmtpMailer, withWaits } from './smtp-mailer.ts';

describe('the SMTP mailer', () => {
  it('adds the waits SMTP_URL does not set, keeping those it does', () => {
    const url = new URL(withWaits('smtp://user:pass@mail.example:2525/?socketTimeout=60000'));
    expect(url.searchParams.get('socketTimeout')).toBe('60000');
    expect(url.searchParams.get('connectionTimeout')).toBe(String(SMTP_WAITS.connectionTimeout));
    expect(url.searchParams.get('greetingTimeout')).toBe(String(SMTP_WAITS.greetingTimeout));
    expect(url.username).toBe('user');
    expect(url.port).toBe('2525');
    expect(SMTP_WAITS.socketTimeout).toBeLessThanOrEqual(30_000);
  });

  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    const open = server;
    server = undefined;
    if (open) await new Promise((done) => open.close(done));
  });

  it('gives up on a server that never greets', async () => {
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    const mailer = new SmtpMailer({
      url: `smtp://127.0.0.1:${port}/?greetingTimeout=200`,
      from: 'epaper@dh.example',
    });
    await expect(
      mailer.send({ channel: 'email', to: 'reader@example.com', subject: 'Hi', text: 'Hello' }),
    ).rejects.toThrow(/greeting/i);
  });
});
