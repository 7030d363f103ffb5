import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../../../../test/fake-server.ts';
import { renderWithQueries, setViewportWidth } from './marketing-test-kit.tsx';
import { DEFAULT_AVATAR, Testimonials } from './testimonials.tsx';

const reader = (n: number, photo: string | null = null) => ({
  name: `Reader ${n}`,
  message: `Message ${n}`,
  role: `Role ${n}`,
  photo,
});
/** Twelve sent; the carousel keeps ten. */
const TWELVE = Array.from({ length: 12 }, (_, at) =>
  reader(at + 1, at % 2 === 0 ? `/marketing/readers/portrait-${at + 1}.svg` : null),
);

const shownNames = () =>
  screen
    .getAllByRole('figure')
    .map((figure) => figure.querySelector('.font-semibold')?.textContent);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function open(testimonials = TWELVE) {
  installFakeServer({ '/api/testimonials': () => testimonials });
  renderWithQueries(<Testimonials publisher="DH" />);
  await screen.findByRole('heading', { name: 'What Our Readers Say' });
}

describe('testimonials', () => {
  afterEach(() => {
    vi.useRealTimers();
    setViewportWidth(1024);
  });

  it('shows message, photo, name and role, with the default avatar when there is no photo', async () => {
    await open();
    const [first, second] = screen.getAllByRole('figure');
    expect(within(first!).getByText('“Message 1”')).toBeTruthy();
    expect(within(first!).getByText('Role 1')).toBeTruthy();
    expect(first!.querySelector('img')?.getAttribute('src')).toBe(
      '/marketing/readers/portrait-1.svg',
    );
    expect(second!.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_AVATAR);
  });

  it('keeps at most 10, in a 3-column grid paged with arrows on wide screens', async () => {
    await open();
    const slide = () => screen.getByRole('group').getAttribute('aria-label');
    expect(slide()).toBe('1 of 4');
    expect(shownNames()).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
    const next = screen.getByRole('button', { name: 'Next testimonials' });
    fireEvent.click(next);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(slide()).toBe('4 of 4');
    expect(shownNames()).toEqual(['Reader 10']);
    fireEvent.click(next);
    expect(shownNames()).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    expect(shownNames()).toEqual(['Reader 10']);
  });

  it('moves on every 3 s, and holds still for 5 s after the reader moves it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await open();
    await wait(3_000);
    expect(shownNames()).toEqual(['Reader 4', 'Reader 5', 'Reader 6']);
    await wait(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    expect(shownNames()).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
    await wait(4_900);
    expect(shownNames()).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
    await wait(200);
    await wait(3_000);
    expect(shownNames()).toEqual(['Reader 4', 'Reader 5', 'Reader 6']);
  });

  describe('on phones', () => {
    const current = () =>
      screen
        .getAllByRole('button', { name: /^Show testimonial / })
        .findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
    const swipe = (dx: number, dy = 0) => {
      const track = screen.getByRole('group').parentElement!.parentElement!;
      fireEvent.touchStart(track, { touches: [{ clientX: 200, clientY: 300 }] });
      fireEvent.touchEnd(track, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
    };

    it('shows one 80%-wide slide at a time with a dot for each of the 10', async () => {
      setViewportWidth(500);
      await open();
      expect(screen.getAllByRole('button', { name: /^Show testimonial / })).toHaveLength(10);
      expect(screen.getByRole('group').className).toContain('w-4/5');
      expect(shownNames()).toEqual(['Reader 1']);
      fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 7' }));
      expect(current()).toBe(7);
      expect(shownNames()).toEqual(['Reader 7']);
    });

    it('moves with a sideways swipe of 50 px or more, not less, nor a scroll', async () => {
      setViewportWidth(500);
      await open();
      swipe(-49);
      expect(current()).toBe(1);
      swipe(-50);
      expect(current()).toBe(2);
      swipe(-60, 80);
      expect(current()).toBe(2);
      swipe(70);
      expect(current()).toBe(1);
      swipe(70);
      expect(current()).toBe(10);
    });
  });
});
