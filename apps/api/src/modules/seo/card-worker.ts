// Child-process entry (bundled to dist/card-worker.js): draws share images at the lowest CPU priority
// (card-drawer.ts).
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { drawCard } from './card-svg.ts';
import { type CardPicture, type ShareCard, pictureKey } from './cards.ts';
import { cardFonts } from './fonts.ts';

/** A card to draw, with the bytes of every picture it places (null: unreadable, its frame stays empty). */
export interface CardJob {
  id: number;
  card: ShareCard;
  pictures: [string, Uint8Array | null][];
}

export type CardReply = { id: number; png: Uint8Array } | { id: number; error: string };

// Every drawing yields the cores to the API's requests: each of this process's threads at the lowest priority
// (Linux keeps one per thread: the loader's and sharp's threads are already running), and the threads they
// start later inherit it. Elsewhere, the process's.
try {
  for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), 19);
} catch {
  try {
    setPriority(19);
  } catch {
    // Not allowed: the drawing runs at the default priority.
  }
}

process.on('message', (job: CardJob) => {
  const pictures = new Map(job.pictures);
  const read = async (picture: CardPicture) => {
    const bytes = pictures.get(pictureKey(picture));
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
  };
  cardFonts()
    .then((fonts) => drawCard(job.card, fonts, read))
    .then(
      (png) => process.send!({ id: job.id, png } satisfies CardReply),
      (error: unknown) => process.send!({ id: job.id, error: String(error) } satisfies CardReply),
    );
});
// The API process went away: nothing is left to draw for.
process.on('disconnect', () => process.exit(0));
