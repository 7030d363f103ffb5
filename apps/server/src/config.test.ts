import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills safe defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      brand: 'dh',
      publisherTz: 'Asia/Kolkata',
      publicUrl: 'http://localhost:3000',
      nodeEnv: 'development',
      logLevel: 'info',
      mediaDir: path.resolve('./data/media'),
      seedDemo: true,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/folio',
      DATABASE_URL: 'postgres://folio@db:5432/folio',
      BRAND: 'pv',
      PUBLISHER_TZ: 'Europe/London',
      PUBLIC_URL: 'https://epaper.example/',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      MEDIA_DIR: '/srv/media',
      SEED_DEMO: 'false',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/folio',
      databaseUrl: 'postgres://folio@db:5432/folio',
      brand: 'pv',
      publisherTz: 'Europe/London',
      publicUrl: 'https://epaper.example',
      nodeEnv: 'production',
      logLevel: 'warn',
      mediaDir: '/srv/media',
      seedDemo: false,
    });
  });

  it('derives PUBLIC_URL from PORT and treats blank values as unset', () => {
    const config = loadConfig({ PORT: '4000', DATABASE_URL: '', BRAND: ' ' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.brand).toBe('dh');
  });

  it('lists every bad key at once', () => {
    const bad = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://nope',
      BRAND: 'xx',
      PUBLISHER_TZ: 'Mars/Olympus_Mons',
      PUBLIC_URL: 'ftp://files.example',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
    };
    let caught: unknown;
    try {
      loadConfig(bad);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(Object.keys(bad).sort());
    expect((caught as ConfigError).message).toContain('PUBLISHER_TZ: must be an IANA time zone');
  });
});
