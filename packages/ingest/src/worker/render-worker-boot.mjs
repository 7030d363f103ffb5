// The render worker's entry: loads pdfjs before tsx, then the worker in TypeScript.
//
// Through tsx's loader (and the source maps it turns on) pdfjs's two large modules
// load in about 2.5 s instead of 0.4 s, in every worker, so a night's first pages
// waited on it. Loaded here first, they are in the module cache when the TypeScript
// asks for them. Importing pdfjs's worker module also installs its message handler
// on globalThis, which pdfjs then uses in this thread instead of loading it again.
await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
const { register } = await import('tsx/esm/api');
register();
await import('./render-worker.ts');
