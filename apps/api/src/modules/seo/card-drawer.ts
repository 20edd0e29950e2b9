import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ReadPicture, drawCard } from './card-svg.ts';
import type { CardJob, CardReply } from './card-worker.ts';
import { type ShareCard, cardPictures, pictureKey } from './cards.ts';
import { cardFonts } from './fonts.ts';

export interface CardDrawer {
  readonly kind: 'process' | 'inline';
  /** The card as a PNG, its pictures read with `read`. */
  draw(card: ShareCard, read: ReadPicture): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Share images are drawn in a child process at the lowest CPU priority (dist/card-worker.js): rasterising a
 * card takes sharp's threads a few hundred milliseconds of CPU, and on the API's own threads a burst of
 * shares doubled the next duel's p99 even when paced (docs/performance.md). At nice 19 the kernel gives the
 * API's requests the cores first. The pictures are read here and sent along, so the child needs no storage
 * of its own. From sources (tests, `tsx`) there is no worker file: the card is drawn in-process.
 */
export function createCardDrawer(workerUrl = new URL('./card-worker.js', import.meta.url)): CardDrawer {
  return existsSync(fileURLToPath(workerUrl)) ? processDrawer(workerUrl) : inlineDrawer();
}

function inlineDrawer(): CardDrawer {
  return {
    kind: 'inline',
    draw: async (card, read) => drawCard(card, await cardFonts(), read),
    close: async () => {},
  };
}

function processDrawer(url: URL): CardDrawer {
  let child: ChildProcess | null = null;
  let next = 0;
  const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();

  const start = () => {
    // Structured clone over the channel: pictures and PNGs travel as bytes, not JSON.
    const started = fork(fileURLToPath(url), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (reply: CardReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      if ('png' in reply) waiting.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else waiting.reject(new Error(reply.error));
    });
    // A child that dies fails what it was drawing; the next card starts another.
    started.on('exit', () => {
      if (child === started) child = null;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error('the share image process exited'));
      }
    });
    // Neither the child nor its channel keeps the API process alive.
    started.unref();
    started.channel?.unref();
    return started;
  };

  return {
    kind: 'process',
    async draw(card, read) {
      const pictures = await Promise.all(
        cardPictures(card).map(
          async (picture) => [pictureKey(picture), await read(picture).catch(() => null)] as const,
        ),
      );
      const job: CardJob = { id: next++, card, pictures: pictures.map(([key, bytes]) => [key, bytes]) };
      child ??= start();
      const running = child;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(job.id, { resolve, reject });
        running.send(job, (error) => {
          if (!error) return;
          pending.delete(job.id);
          reject(error);
        });
      });
    },
    async close() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.disconnect();
      });
    },
  };
}
