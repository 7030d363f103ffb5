// The one entry a server loads before anything else on a first start: it starts a
// render worker at once, before the package's own index (pdfkit, pdf-lib; about
// 0.6 s here) and the server's code are loaded.
export { hurryRenderWorkers } from './render-pool.ts';
