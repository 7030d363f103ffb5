// The reader's daily beacon: one POST per brand per page load, none from the desk,
// and a failed one troubles nobody.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, reply } from '../../test/fake-server.ts';

async function freshBeacon() {
  vi.resetModules();
  return (await import('./reader-visit.ts')).countVisit;
}

const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('countVisit', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sends the brand once per page load, when idle', async () => {
    const server = installFakeServer({ '/api/readers/visit': () => ({ status: 'OK' }) });
    const countVisit = await freshBeacon();
    countVisit('dh');
    countVisit('dh');
    countVisit('pv');
    await idle();
    expect(server.sent.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/api/readers/visit', { brand: 'dh' }],
      ['POST', '/api/readers/visit', { brand: 'pv' }],
    ]);
  });

  it('sends nothing from the desk', async () => {
    window.history.replaceState(null, '', '/desk?tab=figures');
    const server = installFakeServer({ '/api/readers/visit': () => ({ status: 'OK' }) });
    (await freshBeacon())('dh');
    await idle();
    expect(server.sent).toEqual([]);
  });

  it('drops a refused beacon without an error', async () => {
    const server = installFakeServer({
      '/api/readers/visit': () => reply(429, { status: 'ERROR', message: 'Too many' }),
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    (await freshBeacon())('dh');
    await idle();
    process.off('unhandledRejection', unhandled);
    expect(server.sent).toHaveLength(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
