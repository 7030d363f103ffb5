// Google Tag Manager is opt-in: with GTM_ID set the site config names the container
// and the CSP lets GTM's script and Google Analytics' beacons through; without it
// the config says null and the CSP allows no analytics origin at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigSchema } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { documentCsp, makeWebDist, type WebDist } from './helpers/web-dist.ts';
import { noDatabaseBackend } from './helpers/db.ts';

const GTM_ID = 'GTM-AB12CD3';

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('tag manager', () => {
  let withGtm: TestApp;
  let without: TestApp;
  let dist: WebDist;

  beforeAll(async () => {
    dist = await makeWebDist();
    withGtm = await createTestApp(noDatabaseBackend, { env: { GTM_ID }, webDistDir: dist.dir });
    without = await createTestApp(noDatabaseBackend, { webDistDir: dist.dir });
  });
  afterAll(async () => {
    await withGtm.close();
    await without.close();
    await dist.remove();
  });

  it('names the container in the site config only when GTM_ID is set', async () => {
    const configOf = async (t: TestApp) =>
      siteConfigSchema.parse((await t.app.inject('/api/config')).json());
    expect((await configOf(withGtm)).gtmId).toBe(GTM_ID);
    expect((await configOf(without)).gtmId).toBeNull();
  });

  it("lets GTM's script and the analytics beacons through the CSP only then", async () => {
    const csp = directives(await documentCsp(withGtm));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://www.googletagmanager.com',
        'https://*.google-analytics.com',
      ]),
    );
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(['https://www.googletagmanager.com']),
    );

    const plain = await documentCsp(without);
    expect(plain).not.toMatch(/googletagmanager|google-analytics/);
    expect(directives(plain).get('script-src')).toEqual(["'self'"]);
  });
});
