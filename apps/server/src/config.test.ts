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
});
