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
      demoDays: 7,
      trustProxy: false,
    });
  });

  it('seeds between 1 and 30 days of demo editions', () => {
    expect(loadConfig({ DEMO_DAYS: '1' }).demoDays).toBe(1);
    for (const bad of ['0', '31', '2.5', 'week'])
      expect(() => loadConfig({ DEMO_DAYS: bad }), bad).toThrow(
        'must be a whole number of days from 1 to 30',
      );
  });

  it('trusts forwarded client addresses only from the proxies named', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
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
      DROP_DIR: '/srv/drop',
      PAGE_FILE_RULE: '{publisher}-{date}-{edition}-P{page}.pdf',
      DESK_EMAIL: 'desk@paper.example',
      SEED_DEMO: 'false',
      DEMO_DAYS: '3',
      TRUST_PROXY: '10.0.0.1',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
      SMTP_FROM: 'Prajavani e-paper <epaper@pv.example>',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_BODY: '{"mobile":"{{to}}","text":"{{message}}"}',
      SMS_GATEWAY_AUTHORIZATION: 'Bearer sms-token',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_example',
      RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret',
      RAZORPAY_API_URL: 'https://razorpay.example/',
      PUBLISHER_LEGAL_NAME: 'The Printers (Mysore) Private Limited',
      PUBLISHER_ADDRESS: '75 MG Road\\n Bengaluru 560001\\nKarnataka',
      PUBLISHER_GSTIN: '29AAACT1234F1Z5',
      PUBLISHER_STATE: 'Karnataka',
      PUBLISHER_SUPPORT_EMAIL: 'support@pv.example',
      GRACE_DAYS: '5',
      VERIFY_CODE_LIMIT: '40',
      SEND_CODE_LIMIT: '90',
      CONTACT_LIMIT: '12',
      GTM_ID: 'GTM-ABC1234',
      JOB_RUNNER: 'queue',
      CACHE_VERSION_CHECK_MS: '500',
      REDIS_URL: 'redis://cache.internal:6379/1',
      REDIS_KEY_PREFIX: 'folio:pv:',
      S3_BUCKET: 'folio-media.example',
      S3_ENDPOINT: 'https://s3.example',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/key+example',
      S3_FORCE_PATH_STYLE: 'false',
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
      incomingDir: '/srv/folio/incoming',
      uploadsDir: '/srv/folio/uploads',
      dropDir: '/srv/drop',
      pageFileRule: '{publisher}-{date}-{edition}-P{page}.pdf',
      deskEmail: 'desk@paper.example',
      seedDemo: false,
      demoDays: 3,
      trustProxy: ['10.0.0.1'],
      authSecret: 'a-production-secret-of-at-least-32-characters',
      smtp: {
        url: 'smtps://mailer:pw@smtp.example:465',
        from: 'Prajavani e-paper <epaper@pv.example>',
      },
      smsGateway: {
        url: 'https://sms.example/send',
        bodyTemplate: '{"mobile":"{{to}}","text":"{{message}}"}',
        authorization: 'Bearer sms-token',
      },
      google: {
        clientId: 'client.apps.googleusercontent.com',
        clientSecret: 'google-secret',
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      },
      payments: {
        provider: 'razorpay',
        razorpay: {
          keyId: 'rzp_live_example',
          keySecret: 'razorpay-key-secret',
          webhookSecret: 'razorpay-webhook-secret',
          apiUrl: 'https://razorpay.example',
        },
      },
      publisher: {
        legalName: 'The Printers (Mysore) Private Limited',
        address: ['75 MG Road', 'Bengaluru 560001', 'Karnataka'],
        gstin: '29AAACT1234F1Z5',
        state: 'Karnataka',
        stateCode: '29',
        supportEmail: 'support@pv.example',
      },
      graceDays: 5,
      verifyCodeLimit: 40,
      sendCodeLimit: 90,
      contactLimit: 12,
      gtmId: 'GTM-ABC1234',
      jobRunner: 'queue',
      cacheVersionCheckMs: 500,
      redisUrl: 'redis://cache.internal:6379/1',
      redisKeyPrefix: 'folio:pv:',
      storage: {
        kind: 's3',
        bucket: 'folio-media.example',
        endpoint: 'https://s3.example',
        region: 'ap-south-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret/key+example',
        forcePathStyle: false,
      },
    });
  });

  it('uses the development outbox, a generated secret and no Google outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      authSecret: undefined,
      smtp: undefined,
      smsGateway: undefined,
      google: undefined,
    });
  });

  it('refuses to run production without a secret and real delivery, naming every missing key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigError([
        'AUTH_SECRET: is required in production',
        'SMTP_URL: is required in production',
        'SMS_GATEWAY_URL: is required in production',
        'PAYMENT_PROVIDER: the sandbox takes no money; set razorpay in production',
        'PUBLISHER_LEGAL_NAME: is required in production',
        'PUBLISHER_ADDRESS: is required in production',
        'PUBLISHER_GSTIN: is required in production',
        'PUBLISHER_STATE: is required in production',
        'PUBLISHER_SUPPORT_EMAIL: is required in production',
      ]),
    );
  });

  it('names a development publisher on invoices outside production, and checks a GSTIN', () => {
    expect(loadConfig({}).publisher).toMatchObject({
      legalName: expect.stringContaining('Development'),
      gstin: '29AAAAA0000A1Z5',
      stateCode: '29',
    });
    expect(() => loadConfig({ PUBLISHER_GSTIN: '29AAAAA0000A1Z' })).toThrow(
      /PUBLISHER_GSTIN: must be a 15-character GSTIN/,
    );
    expect(() => loadConfig({ PUBLISHER_SUPPORT_EMAIL: 'nobody' })).toThrow(
      /PUBLISHER_SUPPORT_EMAIL: must be an e-mail address/,
    );
  });

  it('takes payments in the sandbox by default, and needs every Razorpay key to use Razorpay', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', debitPendingMs: 0 });
    expect(loadConfig({ SANDBOX_DEBIT_PENDING_HOURS: '36' }).payments).toEqual({
      provider: 'sandbox',
      debitPendingMs: 36 * 3_600_000,
    });
    expect(() => loadConfig({ SANDBOX_DEBIT_PENDING_HOURS: '73' })).toThrow(
      'SANDBOX_DEBIT_PENDING_HOURS: must be a number of hours from 0 to 72',
    );
    expect(loadConfig({}).graceDays).toBe(3);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp' })).toThrow(
      new ConfigError([
        'RAZORPAY_KEY_SECRET: is required with PAYMENT_PROVIDER=razorpay',
        'RAZORPAY_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=razorpay',
      ]),
    );
    expect(() => loadConfig({ GRACE_DAYS: '31' })).toThrow(
      /GRACE_DAYS: must be a whole number of days from 0 to 30/,
    );
  });

  it('lets five contact messages a client address through in ten minutes unless CONTACT_LIMIT says more', () => {
    expect(loadConfig({}).contactLimit).toBe(5);
    for (const bad of ['0', '10001', '2.5', 'many'])
      expect(() => loadConfig({ CONTACT_LIMIT: bad })).toThrow(
        /CONTACT_LIMIT: must be a whole number from 1 to 10000/,
      );
  });

  it('checks the auth keys with the rest', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        AUTH_SECRET: 'short',
        SMTP_URL: 'http://mail.example',
        SMS_GATEWAY_BODY: '{"to":"{{to}}"}',
        GOOGLE_CLIENT_SECRET: 'secret-without-id',
        GOOGLE_JWKS_URL: 'not a url',
      });
    } catch (error) {
      caught = error;
    }
    expect((caught as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'AUTH_SECRET',
      'GOOGLE_CLIENT_SECRET',
      'GOOGLE_JWKS_URL',
      'PORT',
      'SMS_GATEWAY_BODY',
      'SMTP_FROM',
      'SMTP_URL',
    ]);
  });

  it('derives PUBLIC_URL from PORT and treats blank values as unset', () => {
    const config = loadConfig({ PORT: '4000', DATABASE_URL: '', BRAND: ' ' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.brand).toBe('dh');
  });

  it('takes a metrics token of 16 to 200 visible characters, and none by default', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'a'.repeat(15) + '~';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(200) }).metricsToken).toHaveLength(200);
    for (const bad of ['short', 'x'.repeat(201), 'sixteen chars but spaces'])
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(
        'METRICS_TOKEN: must be 16 to 200 visible characters',
      );
  });

  it('runs jobs in the server by default, and through the queue only with PostgreSQL', () => {
    expect(loadConfig({}).jobRunner).toBe('in-process');
    const url = 'postgres://folio@db:5432/folio';
    expect(loadConfig({ JOB_RUNNER: 'queue', DATABASE_URL: url }).jobRunner).toBe('queue');
    expect(() => loadConfig({ JOB_RUNNER: 'queue' })).toThrow(
      'JOB_RUNNER: queue needs DATABASE_URL (the jobs live in PostgreSQL)',
    );
    expect(() => loadConfig({ JOB_RUNNER: 'worker', DATABASE_URL: url })).toThrow(
      'JOB_RUNNER: must be one of in-process, queue',
    );
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
      TRUST_PROXY: 'any proxy',
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

  // Issue 28 part 2 (shared state, decision 0039).
  it('checks the cache versions once a second unless told otherwise, from 100 ms to a minute', () => {
    expect(loadConfig({}).cacheVersionCheckMs).toBe(1000);
    expect(loadConfig({ CACHE_VERSION_CHECK_MS: '250' }).cacheVersionCheckMs).toBe(250);
    for (const bad of ['99', '60001', '1.5', 'soon'])
      expect(() => loadConfig({ CACHE_VERSION_CHECK_MS: bad }), bad).toThrow(
        'CACHE_VERSION_CHECK_MS: must be a whole number of milliseconds from 100 to 60000',
      );
  });

  it('counts sign-in limits in Redis only when REDIS_URL names one', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe(
      'redis://127.0.0.1:6379/2',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.example:6380' }).redisUrl).toBe(
      'rediss://:pw@cache.example:6380',
    );
    for (const bad of ['http://cache.example', '127.0.0.1:6379', `redis://${'h'.repeat(500)}`])
      expect(() => loadConfig({ REDIS_URL: bad }), bad).toThrow(/REDIS_URL: must be/);
    expect(loadConfig({}).redisKeyPrefix).toBe('folio:');
    for (const bad of ['has space', 'x'.repeat(65), 'star*'])
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad }), bad).toThrow(/REDIS_KEY_PREFIX: must be/);
  });

  // Issue 28 part 1 (media in S3, decision 0037).
  it('keeps media in the local folder unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({ MEDIA_DIR: '/srv/media' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/media',
    });
    // On AWS itself: its own endpoint and credentials chain, host-style buckets.
    expect(loadConfig({ S3_BUCKET: 'folio-media' }).storage).toEqual({
      kind: 's3',
      bucket: 'folio-media',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    // Another store (s3rver, MinIO): path-style unless told otherwise.
    const other = {
      S3_BUCKET: 'folio-media',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    expect(loadConfig(other).storage).toMatchObject({
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...other, S3_FORCE_PATH_STYLE: 'no' }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('checks the bucket settings together', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:4569', S3_REGION: 'auto' })).toEqual([
      'S3_BUCKET: is required with S3_ENDPOINT, S3_REGION',
    ]);
    expect(problems({ S3_BUCKET: 'folio-media', S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_ACCESS_KEY_ID: is required with S3_ENDPOINT (and S3_SECRET_ACCESS_KEY with it)',
    ]);
    expect(problems({ S3_BUCKET: 'folio-media', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual([
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    ]);
    expect(problems({ S3_BUCKET: 'folio-media', S3_SECRET_ACCESS_KEY: 'secret' })).toEqual([
      'S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY',
    ]);
    for (const bad of [
      'ab',
      'a'.repeat(64),
      'Folio-Media',
      'folio_media',
      '-folio',
      'folio-',
      'folio..media',
      'folio.-media',
      '192.168.1.10',
    ])
      expect(problems({ S3_BUCKET: bad }), bad).toEqual([
        'S3_BUCKET: must be a DNS-safe bucket name: 3 to 63 of a-z, 0-9, "." and "-"',
      ]);
    expect(problems({ S3_BUCKET: 'a'.repeat(63) })).toEqual([]);
    const keys = { S3_BUCKET: 'folio', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(problems({ ...keys, S3_ENDPOINT: 'ftp://files.example' })).toEqual([
      'S3_ENDPOINT: must be an http(s) URL',
    ]);
    expect(problems({ ...keys, S3_ENDPOINT: `https://s3.example/${'x'.repeat(300)}` })).toEqual([
      'S3_ENDPOINT: must be at most 300 characters',
    ]);
    expect(problems({ S3_BUCKET: 'folio', S3_REGION: 'US East' })).toEqual([
      'S3_REGION: must be a region such as us-east-1 (or auto)',
    ]);
    expect(
      problems({
        S3_BUCKET: 'folio',
        S3_ACCESS_KEY_ID: 'k'.repeat(129),
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toEqual(['S3_ACCESS_KEY_ID: must be at most 128 characters']);
    expect(
      problems({ S3_BUCKET: 'folio', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 'with space' }),
    ).toEqual(['S3_SECRET_ACCESS_KEY: must be printable characters without spaces']);
    expect(problems({ S3_BUCKET: 'folio', S3_FORCE_PATH_STYLE: 'sometimes' })).toEqual([
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
  });
});
