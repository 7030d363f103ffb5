// Preloaded (--import) into a server process a test starts: remembers the
// JSON.stringify Node started with and every module the process loads, and tells
// the parent on request (IPC message 'probe').
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

export interface ProbeReport {
  /** JSON.stringify is still the function Node started with, not a polyfill. */
  builtinStringify: boolean;
  /** URLs of every module resolved so far. */
  modules: string[];
}

const startingStringify = JSON.stringify;
const modules = new Set<string>();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => modules.add(url));
port1.unref();
register('./module-probe-hooks.mjs', {
  parentURL: import.meta.url,
  data: { port: port2 },
  transferList: [port2],
});

process.on('message', (message) => {
  if (message !== 'probe') return;
  // Let the loader thread's last reports arrive first.
  setTimeout(() => {
    const report: ProbeReport = {
      builtinStringify: JSON.stringify === startingStringify,
      modules: [...modules],
    };
    process.send?.(report);
  }, 100);
});
