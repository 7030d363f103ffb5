import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTICLE_BARS_NEAR_BOTTOM_PX, useHideOnScroll } from './use-hide-on-scroll.ts';

const PAGE_HEIGHT = 5000;

async function scrollTo(y: number) {
  await act(async () => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('bars hiding on scroll', () => {
  const realHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  afterEach(() => {
    if (realHeight) Object.defineProperty(Element.prototype, 'scrollHeight', realHeight);
    window.scrollY = 0;
  });
  const tallPage = () =>
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      get: () => PAGE_HEIGHT,
    });

  it('hides going down, shows going up and at the top', async () => {
    tallPage();
    const { result } = renderHook(() => useHideOnScroll());
    await scrollTo(400);
    expect(result.current).toBe(true);
    await scrollTo(300);
    expect(result.current).toBe(false);
    await scrollTo(900);
    expect(result.current).toBe(true);
    await scrollTo(10);
    expect(result.current).toBe(false);
  });

  it("shows the article reader's bars within 10 px of the bottom, going down", async () => {
    tallPage();
    const bottom = PAGE_HEIGHT - window.innerHeight;
    const { result } = renderHook(() =>
      useHideOnScroll({ showNearBottomPx: ARTICLE_BARS_NEAR_BOTTOM_PX }),
    );
    await scrollTo(bottom - 200);
    expect(result.current).toBe(true);
    await scrollTo(bottom - 11);
    expect(result.current).toBe(true);
    await scrollTo(bottom - 10);
    expect(result.current).toBe(false);
  });
});
