import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone, setSessionHint } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { fetchMe } from './auth-session.ts';

describe('who is signed in', () => {
  it('knows a visitor without asking the server: no session cookie, no hint, no call', async () => {
    const server = installFakeServer(fakeAuth().routes);
    await expect(fetchMe()).resolves.toBeNull();
    expect(server.sent).toEqual([]);
  });

  it('asks the server when the browser holds a session', async () => {
    const server = installFakeServer(fakeAuth({ signedInAs: readerByPhone }).routes);
    await expect(fetchMe()).resolves.toMatchObject({ name: 'Asha Rao', phone: '9876543210' });
    expect(server.calls('/api/auth/me')).toHaveLength(1);
  });

  it('takes the server at its word when the hint outlived the session', async () => {
    const server = installFakeServer(fakeAuth().routes);
    setSessionHint(true);
    await expect(fetchMe()).resolves.toBeNull();
    // One question and the spec's one refresh; then the hint is gone with the session.
    expect(server.sent.map((r) => r.url.pathname)).toEqual([
      '/api/auth/me',
      '/api/auth/session/refresh',
    ]);
    await expect(fetchMe()).resolves.toBeNull();
    expect(server.sent).toHaveLength(2);
  });
});
