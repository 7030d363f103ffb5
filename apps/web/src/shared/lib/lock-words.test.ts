import { describe, expect, it } from 'vitest';
import { lockWords } from './lock-words.ts';

describe('lock words', () => {
  it('tell each reader what they can do: a visitor has no plan, a subscriber upgrades', () => {
    expect(lockWords('sign-in', 'page')).toEqual({
      short: 'Subscribe to read this page',
      note: 'This page is for subscribers. Subscribe to read it, or log in if you already subscribe.',
      action: 'See plans or log in',
    });
    expect(lockWords('subscribe', 'article').note).toBe(
      'This article is for subscribers. Subscribe to read it.',
    );
    expect(lockWords('freemium', 'article').note).toBe(
      'Past editions are for subscribers. Subscribe to read this article.',
    );
    expect(lockWords('upgrade', 'advertisement')).toEqual({
      short: 'Upgrade your plan to read this advertisement',
      note: 'Your plan does not include this advertisement. Upgrade your plan to read it.',
      action: 'See upgrade options',
    });
  });

  it('never speak of "your plan" to a reader without one', () => {
    for (const reason of ['sign-in', 'subscribe', 'freemium'] as const)
      for (const thing of ['page', 'article', 'advertisement'] as const)
        expect(Object.values(lockWords(reason, thing)).join(' ')).not.toMatch(/your plan/i);
  });
});
