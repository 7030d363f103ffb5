import { describe, expect, it } from 'vitest';
import type { Page } from '@folio/core';
import { neighbours } from './article-sequence.ts';

const page = (articles: string[]): Page =>
  ({
    articles: articles.map((id) => ({
      id,
      title: `Title ${id}`,
      htmlFile: `${id}.html`,
      top: 0,
      left: 0,
      width: 1,
      height: 1,
    })),
  }) as unknown as Page;

describe('article neighbours', () => {
  const pages = [page(['a', 'b']), page([]), page(['c'])];

  it('runs through the edition page after page, skipping pages without articles', () => {
    expect(neighbours(pages, 'b', 0)).toEqual({
      previous: { id: 'a', title: 'Title a', pageIndex: 0 },
      next: { id: 'c', title: 'Title c', pageIndex: 2 },
    });
  });

  it('has no previous before the first and no next after the last', () => {
    expect(neighbours(pages, 'a', 0).previous).toBeUndefined();
    expect(neighbours(pages, 'c', 2).next).toBeUndefined();
  });

  it('has neither for an article it cannot find', () => {
    expect(neighbours(pages, 'zz', 0)).toEqual({ previous: undefined, next: undefined });
  });
});
