import { editionGroupsSchema } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { ApiError, getJson, getText, NETWORK_ERROR_STATUS } from './http.ts';

describe('http client', () => {
  it('sends the query and returns the parsed body', async () => {
    const server = installFakeServer({ '/api/epaper/editions': () => [] });
    await expect(
      getJson('/api/epaper/editions', editionGroupsSchema, {
        query: { publisher: 'DH', page: undefined },
      }),
    ).resolves.toEqual([]);
    expect(server.requests[0]?.search).toBe('?publisher=DH');
  });

  it("throws an ApiError carrying the status and the server's message", async () => {
    installFakeServer({
      '/api/epaper/data': () => reply(404, { status: 'ERROR', message: 'No Edition Available' }),
    });
    const error = await getJson('/api/epaper/data', editionGroupsSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'No Edition Available' });
  });

  it('treats a body that does not match the contract as an error', async () => {
    installFakeServer({ '/api/epaper/editions': () => [{ parent_edition: 1 }] });
    await expect(getJson('/api/epaper/editions', editionGroupsSchema)).rejects.toMatchObject({
      message: 'Oops! Something went wrong.',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    installFakeServer({});
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(getText('/media/x.html')).rejects.toMatchObject({ status: NETWORK_ERROR_STATUS });
  });
});
