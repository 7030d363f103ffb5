// boot.ts runs the app's libraries one per task, then the app, and on the document
// with the first frame asks for the app's scripts only once the page image shows,
// a few per task.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const run: string[] = [];

vi.mock('./styles.css', () => ({}));
vi.mock('react-dom/client', () => {
  run.push('react-dom');
  return {};
});
vi.mock('./app/zod-config.ts', () => {
  run.push('zod-config');
  return {};
});
vi.mock('@folio/core/epaper', () => {
  run.push('core-epaper');
  return {};
});
vi.mock('@folio/core', () => {
  run.push('core');
  return {};
});
vi.mock('./app/query-client.ts', () => {
  run.push('query-client');
  return {};
});
vi.mock('./app/router.tsx', () => {
  run.push('router');
  return {};
});
vi.mock('./main.tsx', () => {
  run.push('app');
  return {};
});

beforeEach(() => {
  run.length = 0;
  vi.resetModules();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** Lets every pending promise settle without letting a timer fire. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await vi.dynamicImportSettled();
}

it('runs each library in a task of its own, the app last', async () => {
  await import('./boot.ts');
  const seen: string[][] = [];
  for (let task = 0; task < 7; task += 1) {
    await settle();
    seen.push([...run]);
    run.length = 0;
    vi.advanceTimersToNextTimer();
  }
  expect(seen).toEqual([
    ['react-dom'],
    ['zod-config', 'core-epaper'],
    ['core'],
    ['query-client'],
    ['router'],
    ['app'],
    [],
  ]);
});

it('puts the held preloads in the head only once the page image has been drawn', async () => {
  document.head.innerHTML =
    '<template id="app-preloads"><link rel="modulepreload" href="/assets/main-1.js"></template>';
  document.body.innerHTML =
    '<div id="first-frame"><img class="first-frame-page" src="/p01-preview.avif"></div>';
  const image = document.querySelector('img');
  let decoded: () => void = () => undefined;
  if (image) image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));

  await import('./boot.ts');
  await settle();
  const preloads = () => document.head.querySelectorAll(':scope > link[rel="modulepreload"]');
  expect(preloads()).toHaveLength(0);

  decoded();
  await settle();
  frames.forEach((frame) => frame(0));
  vi.advanceTimersToNextTimer();
  await settle();
  expect([...preloads()].map((link) => link.getAttribute('href'))).toEqual(['/assets/main-1.js']);
});

it("on a screen's frame without a page image, waits only for the frame's first paint", async () => {
  document.head.innerHTML =
    '<template id="app-preloads"><link rel="modulepreload" href="/assets/search-1.js"></template>';
  document.body.innerHTML = '<div id="first-frame"><h2>Start Searching</h2></div>';
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));

  await import('./boot.ts');
  await settle();
  const preloads = () => document.head.querySelectorAll(':scope > link[rel="modulepreload"]');
  expect(preloads()).toHaveLength(0);
  expect(run).toEqual([]);

  frames.forEach((frame) => frame(0));
  vi.advanceTimersToNextTimer();
  await settle();
  expect([...preloads()].map((link) => link.getAttribute('href'))).toEqual(['/assets/search-1.js']);
});

it('asks for the held scripts six per task, in their order', async () => {
  const hrefs = Array.from({ length: 13 }, (_, i) => `/assets/chunk-${i}.js`);
  document.head.innerHTML = `<template id="app-preloads">${hrefs
    .map((href) => `<link rel="modulepreload" href="${href}">`)
    .join('')}</template>`;
  document.body.innerHTML = '<div id="first-frame"><h2>Start Searching</h2></div>';
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const preloads = () =>
    [...document.head.querySelectorAll(':scope > link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );

  await import('./boot.ts');
  await settle();
  frames.forEach((frame) => frame(0));
  const seen: number[] = [];
  for (let task = 0; task < 4; task += 1) {
    vi.advanceTimersToNextTimer();
    await settle();
    seen.push(preloads().length);
  }
  expect(seen).toEqual([6, 12, 13, 13]);
  expect(preloads()).toEqual(hrefs);
});
