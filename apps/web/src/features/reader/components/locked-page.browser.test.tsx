// What only a real browser's layout can show about a locked page (issue 25 part 7):
// on a 1366 x 768 desktop a page fitted to the width is two screens tall, and its
// lock, words and action must be on the first screen without scrolling.
import '../../../styles.css';
import type { Page } from '@folio/core';
import { cleanup, render, screen } from '@testing-library/react';
import { page as browser } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { LockedPage } from './locked-page.tsx';

afterEach(() => cleanup());

const A4 = { width: 1000, height: 1414 } as Page;

function drawLocked(width: number, reason: 'sign-in' | 'upgrade' = 'sign-in') {
  render(
    // The reader's main area starts under the 64 px header (pt-16).
    <main className="pt-16">
      <LockedPage
        page={A4}
        src="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        alt="Deccan Herald, Thursday, 26 November 2026: Page 2"
        size={{ width, height: (width * A4.height) / A4.width }}
        dimmed={false}
        onLocked={() => undefined}
        reason={reason}
      />
    </main>,
  );
}

describe('a locked page in Chromium', () => {
  it('shows its lock, words and action on the first screen of a 1366 x 768 desktop', async () => {
    await browser.viewport(1366, 768);
    drawLocked(1366);
    const figure = document.querySelector('figure') as HTMLElement;
    expect(figure.getBoundingClientRect().height).toBeGreaterThan(1500);
    for (const text of ['Subscribe to read this page', 'See plans or log in']) {
      const box = screen.getByText(text).getBoundingClientRect();
      expect(box.top, text).toBeGreaterThanOrEqual(64);
      expect(box.bottom, text).toBeLessThanOrEqual(768);
    }
  });

  it('keeps the words on the phone screen too, and the label for screen readers', async () => {
    await browser.viewport(412, 915);
    drawLocked(412, 'upgrade');
    const lock = screen.getByRole('button', {
      name: 'Deccan Herald, Thursday, 26 November 2026: Page 2: locked. Upgrade your plan to read this page. See upgrade options',
    });
    // What is drawn is the short words, not the label.
    expect(lock.textContent).toBe('Upgrade your plan to read this pageSee upgrade options');
    const words = screen.getByText('Upgrade your plan to read this page').getBoundingClientRect();
    expect(words.right).toBeLessThanOrEqual(412);
    expect(words.bottom).toBeLessThanOrEqual(915);
  });
});
