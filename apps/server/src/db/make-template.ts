// Makes the migrated PGlite template a first start loads (pglite-template.ts), unless
// it exists. Run by `npm start` before the server, as `npm run build` makes the web app.
import { ensureTemplate } from './pglite-template.ts';

const started = performance.now();
const { folder, made } = await ensureTemplate();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  made ? `Database template made in ${seconds} s: ${folder}` : `Database template: ${folder}`,
);
