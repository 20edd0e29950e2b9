import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where image bytes live: a folder on disk today; an object store can implement the same two calls. */
export interface ImageStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}

/**
 * Image bytes as files under `dir`, one folder per image id. Several processes may share `dir` (a volume
 * mounted into every replica): a file appears whole or not at all, and an image's files never change.
 */
export function diskStore(dir: string): ImageStore {
  const file = (key: string) => path.join(dir, ...key.split('/'));
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file. The temporary name is this write's alone:
      // replicas share the folder (docs/decisions/0037-images-on-a-shared-volume.md), containers' processes
      // often have the same pid, and two of them may write one key at once (a variant added at start-up).
      const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch {
        return null;
      }
    },
  };
}
