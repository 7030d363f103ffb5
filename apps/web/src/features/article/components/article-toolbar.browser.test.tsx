// Issue 25 part 8: the article reader's controls fit a 360 px phone on one line,
// "Image view" included, in both views and while listening.
import '../../../styles.css';
import { cleanup, render, screen } from '@testing-library/react';
import { page } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_ZOOM, TEXT_SIZE } from '../../../shared/lib/reading-controls.ts';
import { ArticleToolbar, type ArticleView } from './article-toolbar.tsx';
import type { SpeechState } from '../lib/use-speech.ts';

afterEach(() => cleanup());

const stepped = (initial: number) => ({
  value: initial,
  step: () => undefined,
  reset: () => undefined,
});

function drawToolbar(view: ArticleView, speech: SpeechState) {
  render(
    <ArticleToolbar
      hidden={false}
      view={view}
      textSize={stepped(TEXT_SIZE.initial)}
      zoom={stepped(IMAGE_ZOOM.initial)}
      onToggleView={() => undefined}
      onShare={() => undefined}
      speech={{
        state: speech,
        problem: null,
        onPlay: () => undefined,
        onPause: () => undefined,
        onResume: () => undefined,
        onStop: () => undefined,
      }}
    />,
  );
}

describe('the article toolbar on a 360 px phone', () => {
  it.each([
    ['text', 'idle'],
    ['text', 'playing'],
    ['image', 'idle'],
  ] as const)('fits on one line in the %s view (%s)', async (view, speech) => {
    await page.viewport(360, 740);
    drawToolbar(view, speech);
    const bar = screen.getByRole('toolbar');
    expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
    for (const button of screen.getAllByRole('button')) {
      const box = button.getBoundingClientRect();
      // One line of text: the button keeps its 40 px height, and is on screen.
      expect(box.height, button.textContent ?? '').toBe(40);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    const toggle = screen.getByRole('button', {
      name: view === 'text' ? 'Image view' : 'Text view',
    });
    expect(toggle.scrollHeight).toBeLessThanOrEqual(toggle.clientHeight);
  });
});
