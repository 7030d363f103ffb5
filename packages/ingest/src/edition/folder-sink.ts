// A MediaSink that writes into a local folder: for tests, the bench and tools.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaSink } from '../types.ts';

export function folderSink(root: string): MediaSink {
  return {
    async put(key: string, body: Uint8Array): Promise<void> {
      const target = path.resolve(root, key);
      if (!target.startsWith(path.resolve(root) + path.sep))
        throw new Error(`key escapes the folder: ${key}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
  };
}
