import { act, fireEvent, render, screen } from '@testing-library/react';
import { BRANDS } from '@folio/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURES, FeatureCarousel } from './feature-carousel.tsx';
import { prefersReducedMotion, setViewportWidth } from './marketing-test-kit.tsx';

const TITLES = [
  'Downloadable Articles',
  'Listen on the Go',
  'A Legacy of Trust',
  'Multi-Device Access',
  'Your Partner in Staying Informed',
  'Your Daily Dose of Credible News',
];

/** Titles on the slide in view (slides out of view are hidden from the accessibility tree). */
const shownTitles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const slideLabel = () => screen.getByRole('group').getAttribute('aria-label');
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('feature carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setViewportWidth(1024);
  });

  it('has the six benefits, each with a title and a description', () => {
    expect(FEATURES.map((feature) => feature.title)).toEqual(TITLES);
    render(<FeatureCarousel brand={BRANDS.dh} />);
    for (const feature of FEATURES) expect(feature.description.length).toBeGreaterThan(20);
    expect(screen.getAllByRole('heading', { level: 3, hidden: true }).length).toBe(6);
  });

  it("names the brand's release time, from the brand's settings (docs/decisions/0024)", () => {
    const { unmount } = render(<FeatureCarousel brand={BRANDS.dh} />);
    expect(screen.getByText(/every morning from 6:30 AM\.$/)).toBeTruthy();
    unmount();
    render(<FeatureCarousel brand={{ releaseTime: { hour: 7, minute: 0 } }} />);
    expect(screen.getByText(/every morning from 7 AM\.$/)).toBeTruthy();
    expect(screen.queryByText(/\{releaseTime\}/)).toBeNull();
  });

  it('shows three to a slide on wide screens and moves on every 4 s, wrapping around', async () => {
    render(<FeatureCarousel brand={BRANDS.dh} />);
    expect(slideLabel()).toBe('1 of 2');
    expect(shownTitles()).toEqual(TITLES.slice(0, 3));
    await wait(3_999);
    expect(shownTitles()).toEqual(TITLES.slice(0, 3));
    await wait(1);
    expect(shownTitles()).toEqual(TITLES.slice(3));
    await wait(4_000);
    expect(shownTitles()).toEqual(TITLES.slice(0, 3));
  });

  it('shows one to a slide under 768 px', async () => {
    setViewportWidth(767);
    render(<FeatureCarousel brand={BRANDS.dh} />);
    expect(slideLabel()).toBe('1 of 6');
    expect(shownTitles()).toEqual([TITLES[0]]);
    await wait(4_000);
    expect(shownTitles()).toEqual([TITLES[1]]);
    act(() => setViewportWidth(768));
    expect(screen.getByRole('group').getAttribute('aria-label')).toMatch(/ of 2$/);
  });

  it('moves with the labelled arrows, both ways round', () => {
    render(<FeatureCarousel brand={BRANDS.dh} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous features' }));
    expect(shownTitles()).toEqual(TITLES.slice(3));
    fireEvent.click(screen.getByRole('button', { name: 'Next features' }));
    expect(shownTitles()).toEqual(TITLES.slice(0, 3));
  });

  it('holds still for 5 s after the reader moves it, then moves on every 4 s again', async () => {
    render(<FeatureCarousel brand={BRANDS.dh} />);
    await wait(2_000);
    fireEvent.click(screen.getByRole('button', { name: 'Next features' }));
    expect(shownTitles()).toEqual(TITLES.slice(3));
    // The 4 s tick counted from the start would fall here.
    await wait(2_000);
    expect(shownTitles()).toEqual(TITLES.slice(3));
    await wait(2_999);
    expect(shownTitles()).toEqual(TITLES.slice(3));
    // 5 s after the click the pause ends; React starts the 4 s cycle once this act is over.
    await wait(1);
    await wait(3_999);
    expect(shownTitles()).toEqual(TITLES.slice(3));
    await wait(1);
    expect(shownTitles()).toEqual(TITLES.slice(0, 3));
  });

  it('does not move by itself for readers who ask for reduced motion', async () => {
    prefersReducedMotion(true);
    render(<FeatureCarousel brand={BRANDS.dh} />);
    await wait(20_000);
    expect(shownTitles()).toEqual(TITLES.slice(0, 3));
    fireEvent.click(screen.getByRole('button', { name: 'Next features' }));
    expect(shownTitles()).toEqual(TITLES.slice(3));
  });
});
