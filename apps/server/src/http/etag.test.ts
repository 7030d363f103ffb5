import { describe, expect, it } from 'vitest';
import { matchesEtag } from './etag.ts';

describe('If-None-Match', () => {
  const etag = '"abc"';

  it('matches the ETag strong or weak, alone or in a list', () => {
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", W/"abc" ,"y"', etag)).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
  });

  it('matches anything with "*" alone, and nothing with "*" inside a list', () => {
    expect(matchesEtag(' * ', etag)).toBe(true);
    expect(matchesEtag('"x", *', etag)).toBe(false);
  });

  it('does not match another tag, an unquoted one or no header', () => {
    expect(matchesEtag('"abd"', etag)).toBe(false);
    expect(matchesEtag('abc', etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
