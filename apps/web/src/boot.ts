// The entry the document loads. The documents at /, /article/{id}, /search and
// /subscribe arrive with their screen already drawn (the first frame,
// shared/lib/first-frame.ts); the app's scripts are asked for only once that frame
// is on screen (at /, once its page image is), so on a slow connection the ~125 KB
// of scripts do not share the bandwidth with the ~20 KB the reader is looking at,
// nor hold up the frame's first paint. It costs no time overall (the same bytes go
// down the same connection) and makes the screen appear sooner. Every other
// document has no frame and starts at once. The stylesheet is loaded here, by the
// document, because the frame needs it.
import './styles.css';

/** A frame image that neither loads nor fails (a stalled connection) holds the app no longer. */
const FIRST_FRAME_WAIT_MS = 3_000;

/** Resolves once the frame (and its page image) has been painted, or could not be, or after the wait above. */
function firstFramePainted(): Promise<void> {
  if (!document.getElementById('first-frame')) return Promise.resolve();
  const image = document.querySelector<HTMLImageElement>('#first-frame .first-frame-page');
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_FRAME_WAIT_MS);
    // Decoded, then one frame on: the frame is on screen before the scripts arrive
    // and keep the main thread busy evaluating them.
    void (image ? image.decode() : Promise.resolve())
      .catch(() => undefined)
      .then(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starting a request costs the main thread about half a millisecond on a fast
 * desktop; thirty of them at once are a task a phone's tap waits behind.
 */
const PRELOADS_PER_TASK = 6;

/**
 * A document with a first frame holds the app's modulepreload links in a
 * template (apps/server/src/http/web-app.ts); putting them in the head asks for
 * every script, in parallel, without running any of them: a few links per task,
 * in the template's order (the scripts needed first come first).
 */
async function requestAppScripts(): Promise<void> {
  const held = document.getElementById('app-preloads');
  if (!(held instanceof HTMLTemplateElement)) return;
  const links = [...held.content.children];
  for (let at = 0; at < links.length; at += PRELOADS_PER_TASK) {
    document.head.append(...links.slice(at, at + PRELOADS_PER_TASK));
    await nextTask();
  }
}

/**
 * The app's libraries, run one per task before the app itself. Run as one graph
 * they are a single task of several hundred milliseconds on a mid-range phone, in
 * which a tap waits; between these steps the browser handles input and paints.
 */
const STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  // zod is configured before the shared schemas are built (see zod-config.ts).
  // Building them is the longest step (about 35 ms on a fast desktop): the three
  // modules with the most schemas go one per task, in their import order.
  () => import('./app/zod-config.ts').then(() => import('@folio/core/epaper')),
  () => import('@folio/core'),
  () => import('./app/query-client.ts'),
  () => import('./app/router.tsx'),
];

async function start(): Promise<void> {
  await firstFramePainted();
  await requestAppScripts();
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
  await import('./main.tsx');
}

void start();
