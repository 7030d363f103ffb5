import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { ApiError, getJson, SESSION_REFRESH_PATH, sendJson } from './http.ts';

const okSchema = z.object({ status: z.literal('OK') });
const signedOut = () => reply(401, { status: 'ERROR', message: 'Please log in' });

describe('http client', () => {
  it('refreshes the session once on a 401 and repeats the call once', async () => {
    let sessionValid = false;
    const server = installFakeServer({
      '/api/auth/me': () => (sessionValid ? { status: 'OK' } : signedOut()),
      [SESSION_REFRESH_PATH]: () => {
        sessionValid = true;
        return { status: 'OK' };
      },
    });
    await expect(getJson('/api/auth/me', okSchema)).resolves.toEqual({ status: 'OK' });
    expect(server.sent.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /api/auth/me',
      `POST ${SESSION_REFRESH_PATH}`,
      'GET /api/auth/me',
    ]);
  });

  it('gives up with the 401 when there is no session to refresh', async () => {
    const server = installFakeServer({
      '/api/auth/me': signedOut,
      [SESSION_REFRESH_PATH]: signedOut,
    });
    const error = await getJson('/api/auth/me', okSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Please log in' });
    expect(server.calls('/api/auth/me')).toHaveLength(1);
  });

  it('retries only once even when the repeated call is refused again', async () => {
    const server = installFakeServer({
      '/api/users/preferences': signedOut,
      [SESSION_REFRESH_PATH]: () => ({ status: 'OK' }),
    });
    await expect(getJson('/api/users/preferences', okSchema)).rejects.toMatchObject({
      status: 401,
    });
    expect(server.calls('/api/users/preferences')).toHaveLength(2);
    expect(server.calls(SESSION_REFRESH_PATH)).toHaveLength(1);
  });

  it('shares one refresh between calls refused at the same time', async () => {
    let sessionValid = false;
    const server = installFakeServer({
      '/api/a': () => (sessionValid ? { status: 'OK' } : signedOut()),
      '/api/b': () => (sessionValid ? { status: 'OK' } : signedOut()),
      [SESSION_REFRESH_PATH]: () => {
        sessionValid = true;
        return { status: 'OK' };
      },
    });
    await Promise.all([getJson('/api/a', okSchema), getJson('/api/b', okSchema)]);
    expect(server.calls(SESSION_REFRESH_PATH)).toHaveLength(1);
  });

  it('sends bodies as JSON with the site cookie, and body-less calls without a content type', async () => {
    const server = installFakeServer({
      '/api/auth/me': () => ({ status: 'OK' }),
      '/api/auth/signout': () => ({ status: 'OK' }),
    });
    await sendJson('PUT', '/api/auth/me', okSchema, { first_name: 'Asha' });
    await sendJson('POST', '/api/auth/signout', okSchema);
    const [put, post] = server.sent;
    expect(put).toMatchObject({
      method: 'PUT',
      credentials: 'same-origin',
      body: { first_name: 'Asha' },
    });
    expect(put?.headers.get('Content-Type')).toBe('application/json');
    expect(post).toMatchObject({ method: 'POST', credentials: 'same-origin', body: undefined });
    expect(post?.headers.get('Content-Type')).toBeNull();
  });
});
