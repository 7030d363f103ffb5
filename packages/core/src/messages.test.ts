import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

describe('content messages', () => {
  it('uses the spec texts word for word (spec 1 §2, §8; spec 2 §8)', () => {
    expect(MESSAGES.noEditionAvailable).toBe('No Edition Available');
    expect(MESSAGES.loadingEditions).toBe('Loading editions...');
    expect(MESSAGES.genericError).toBe('Oops! Something went wrong.');
    expect(MESSAGES.articleNotFound).toBe('Article not found.');
    expect(MESSAGES.articleHtmlFailed).toBe('Failed to load article HTML.');
  });

  it('names the wrong value in its own words', () => {
    expect(MESSAGES.unknownPublisher('XX')).toBe('Unknown publisher "XX"');
    expect(MESSAGES.badDate('2026-13-01')).toBe(
      'Invalid date "2026-13-01": expected YYYYMMDD or YYYY-MM-DD',
    );
    expect(MESSAGES.unknownEdition(9, 'DH')).toBe('Unknown edition 9 for publisher DH');
  });

  it('says plainly what went wrong on the server side', () => {
    expect(MESSAGES.notFound).toBe('Not found');
    expect(MESSAGES.crossSiteRequest).toBe('This request must come from the site itself.');
    expect(MESSAGES.internalError).toBe('Something went wrong on our side. Please try again.');
  });
});
