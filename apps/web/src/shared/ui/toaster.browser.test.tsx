// What only a real browser can judge about the toaster (Debian's Chromium,
// vitest.browser.config.ts): where the toasts sit and how they look once
// react-toastify's stylesheet meets ours, the 5000 ms timer (react-toastify runs it
// on a CSS animation) and drag-to-dismiss at 80 percent with a real pointer.
import '../../styles.css';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { page, userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadingToolbar } from './reading-toolbar.tsx';
import { AppToaster, notify, TOAST_AUTO_CLOSE_MS } from './toaster.tsx';

afterEach(() => cleanup());

// The test page's own styles, there before react-toastify is first fetched.
const pageStyles = new Set(document.querySelectorAll('style'));

/** Raises a notice and returns its toast once it has slid in and stands still. */
async function raise(message: string): Promise<HTMLElement> {
  render(<AppToaster />);
  act(() => notify.success(message));
  const toast = await waitFor(
    () => {
      const found = screen.getByText(message).closest<HTMLElement>('.Toastify__toast');
      expect(found?.getAnimations()).toEqual([]);
      return found as HTMLElement;
    },
    { timeout: 10_000 },
  );
  return toast;
}

/** Drags a toast sideways (leftwards, away from the screen edge) by a share of its width. */
async function drag(toast: HTMLElement, share: number): Promise<number> {
  const { width, height } = toast.getBoundingClientRect();
  let start = 0;
  let end = 0;
  const down = (event: PointerEvent) => (start = event.clientX);
  const move = (event: PointerEvent) => (end = event.clientX);
  document.addEventListener('pointerdown', down);
  document.addEventListener('pointermove', move);
  const from = { x: width - 12, y: height / 2 };
  await userEvent.dragAndDrop(toast, toast, {
    sourcePosition: from,
    targetPosition: { x: from.x - share * width, y: from.y },
    steps: 8,
  });
  document.removeEventListener('pointerdown', down);
  document.removeEventListener('pointermove', move);
  // The pointer really travelled that far (no scaling between test and page).
  return (start - end) / width;
}

describe('toasts in Chromium', () => {
  it('sit at the bottom centre, 356 px wide, 12 px clear of the bottom edge', async () => {
    await page.viewport(1280, 800);
    const box = (await raise('Name updated successfully')).getBoundingClientRect();
    expect([window.innerHeight - box.bottom, box.width]).toEqual([12, 356]);
    expect(box.left + box.width / 2).toBeCloseTo(640, 0);
  });

  it('take the width of a phone less 12 px a side', async () => {
    await page.viewport(390, 844);
    const box = (await raise('Code sent to your phone')).getBoundingClientRect();
    expect([window.innerHeight - box.bottom, box.left, window.innerWidth - box.right]).toEqual([
      12, 12, 12,
    ]);
  });

  it("cover none of the screen's controls: above the bar at the foot, clear of the header", async () => {
    await page.viewport(412, 915);
    render(
      <>
        <header className="fixed inset-x-0 top-0 flex h-16 justify-end gap-2 p-3">
          <button type="button">Bookmark</button>
          <button type="button">Download</button>
          <button type="button">Close</button>
        </header>
        <ReadingToolbar label="Article reading controls">
          <button type="button" className="h-10">
            Image view
          </button>
          <button type="button" className="h-10">
            Listen
          </button>
          <button type="button" className="h-10">
            Share
          </button>
        </ReadingToolbar>
      </>,
    );
    const toast = (await raise('Download successful')).getBoundingClientRect();
    const bar = screen.getByRole('toolbar').getBoundingClientRect();
    expect(bar.height).toBeGreaterThan(40);
    expect(toast.bottom).toBeLessThanOrEqual(bar.top - 12);
    for (const name of ['Bookmark', 'Download', 'Close', 'Image view', 'Listen', 'Share']) {
      const control = screen.getByRole('button', { name });
      const { left, top, width, height } = control.getBoundingClientRect();
      expect(document.elementFromPoint(left + width / 2, top + height / 2), name).toBe(control);
    }
  });

  it("keep the house look over react-toastify's stylesheet, with no progress bar", async () => {
    const toast = await raise('Preferences saved');
    // Our utilities win: the library's rules sit in a lower cascade layer.
    const look = getComputedStyle(toast);
    expect(look.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(look.color).toBe('rgb(27, 29, 33)');
    expect(look.fontFamily).toMatch(/^Inter,/);
    expect(look.borderLeftWidth).toBe('4px');
    expect(look.borderRadius).toBe('8px');
    expect(look.paddingTop).toBe('12px');
    expect(look.minHeight).toBe('0px');
    // The timer's bar is there but unseen.
    const bar = toast.querySelector('.Toastify__progress-bar--wrp') as HTMLElement;
    expect(getComputedStyle(bar).opacity).toBe('0');
  });

  it("bring no inline <style>, which the CSP (style-src 'self') would refuse", async () => {
    await raise('Saved');
    // In development Vite puts each imported stylesheet file in a <style> of its own,
    // marked with the file; the build ships those as CSS files.
    const inline = [...document.querySelectorAll('style')].filter(
      (style) => !pageStyles.has(style) && !style.hasAttribute('data-vite-dev-id'),
    );
    expect(inline.map((style) => style.textContent?.slice(0, 60))).toEqual([]);
  });

  it('start leaving 5000 ms after they appear, not before', { timeout: 20_000 }, async () => {
    let appeared = 0;
    let leaving = 0;
    const watch = new MutationObserver(() => {
      const toast = document.querySelector<HTMLElement>('.Toastify__toast');
      if (toast && !appeared) appeared = performance.now();
      if (toast?.dataset.in === 'false' && !leaving) leaving = performance.now();
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true });
    await raise('Please check your email for the OTP');
    await waitFor(() => expect(leaving).toBeGreaterThan(0), { timeout: 10_000 });
    watch.disconnect();
    expect(leaving - appeared).toBeGreaterThanOrEqual(TOAST_AUTO_CLOSE_MS - 100);
    expect(leaving - appeared).toBeLessThanOrEqual(TOAST_AUTO_CLOSE_MS + 300);
    await waitFor(() =>
      expect(screen.queryByText('Please check your email for the OTP')).toBeNull(),
    );
  });

  it('stay when dragged sideways by less than 80 percent of their width', async () => {
    const toast = await raise('Dragged a little');
    expect(await drag(toast, 0.75)).toBeCloseTo(0.75, 2);
    // It springs back and stays.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toast.isConnected).toBe(true);
    expect(toast.dataset.in).toBe('true');
    expect(toast.style.transform).toBe('');
  });

  it('go when dragged sideways by more than 80 percent of their width', async () => {
    const toast = await raise('Dragged away');
    expect(await drag(toast, 0.85)).toBeCloseTo(0.85, 2);
    expect(toast.dataset.in).toBe('false');
    await waitFor(() => expect(toast.isConnected).toBe(false), { timeout: 1000 });
  });
});
