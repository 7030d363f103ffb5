// Logs in words for a person at a terminal, JSON lines for everything else.
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, createLogger, prettyDestination, prettyLine } from '../src/logger.ts';

describe('the log format', () => {
  it('writes words to a terminal in development, JSON to a pipe, in production and when asked', () => {
    expect(chooseLogFormat({}, true, 'development')).toBe('pretty');
    expect(chooseLogFormat({}, false, 'development')).toBe('json');
    expect(chooseLogFormat({}, true, 'production')).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'json' }, true, 'development')).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'JSON ' }, true, 'test')).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'pretty' }, false, 'development')).toBe('pretty');
    expect(chooseLogFormat({ LOG_FORMAT: 'pretty' }, true, 'production')).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: '' }, true, 'development')).toBe('pretty');
    expect(() => chooseLogFormat({ LOG_FORMAT: 'xml' }, true, 'development')).toThrow(
      'LOG_FORMAT: must be one of json, pretty',
    );
  });

  it('says where Folio listens and how far the seed is, in a line each', () => {
    const lines: string[] = [];
    const log = createLogger(
      { logLevel: 'info' },
      prettyDestination({ write: (text: string) => lines.push(text) }),
    );
    log.info('Folio is running at http://localhost:3000 (Ctrl+C stops it)');
    log.info({ brand: 'dh', done: 12, total: 36 }, 'demo editions 12 of 36');
    log.warn({ err: new Error('disk full') }, 'could not remove replaced media');
    log.info({ req: { method: 'GET', url: '/' } }, 'incoming request');
    log.info(
      { req: { method: 'GET', url: '/readyz' }, res: { statusCode: 200 }, responseTime: 2.4 },
      'request completed',
    );
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.endsWith('\n') && !line.includes('{'))).toBe(true);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d Folio is running at http:\/\/localhost:3000 \(Ctrl\+C stops it\)\n$/,
    );
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d demo editions 12 of 36\n$/);
    expect(lines[2]).toMatch(/warning: could not remove replaced media: disk full\n$/);
    expect(lines[3]).toMatch(/GET \/readyz 200 \(2 ms\)\n$/);
  });

  it('keeps the JSON line for a machine', () => {
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, { write: (text: string) => lines.push(text) });
    log.info({ done: 12, total: 36 }, 'demo editions 12 of 36');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      msg: 'demo editions 12 of 36',
      done: 12,
      total: 36,
    });
    // Anything that is not a log record passes through as it is.
    expect(prettyLine('not json')).toBe('not json');
  });
});
