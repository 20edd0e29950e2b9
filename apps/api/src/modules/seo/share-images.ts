import { AppError } from '#lib/app-error.ts';

/** Drawn images kept in memory: the most recently used, up to this many bytes in all. */
const CACHE_BYTES = 48 * 1024 * 1024;
/** Renders waiting behind the one being drawn; more than this and a request is told to come back (503). */
const MAX_WAITING = 16;

export interface ShareImageStats {
  /** Answered from memory. */
  hits: number;
  /** Drawn. */
  renders: number;
  /** Images in memory and their bytes. */
  cached: number;
  bytes: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Share images by key (the URL's target, language and version): drawn lazily, one at a time, and kept in a
 * bounded memory cache, least recently used out first. A key asked for again while it is being drawn waits
 * for that same drawing. Drawing happens on sharp's threads, never on the vote path: a vote never waits for
 * it, and at most one image is drawn at once whatever the crawlers ask for. After each drawing the queue
 * rests as long as it took: back to back, drawings took most of a core during a burst of shares, and the
 * next duel's p99 doubled (docs/performance.md, share-image burst); resting, they take half at most.
 */
export class ShareImages {
  private readonly cache = new Map<string, Buffer>();
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private bytes = 0;
  private hits = 0;
  private renders = 0;

  constructor(
    private readonly maxBytes = CACHE_BYTES,
    private readonly rest: (ms: number) => Promise<void> = sleep,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The image for `key`, from memory or drawn by `draw` (in turn with any other drawing). */
  get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.cache.get(key);
    if (hit) {
      this.hits++;
      // Most recently used last: Maps iterate in insertion order.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve(hit);
    }
    const pending = this.drawing.get(key);
    if (pending) return pending;
    if (this.waiting >= MAX_WAITING) return Promise.reject(new AppError(503, 'SERVICE_UNAVAILABLE'));
    this.waiting++;
    let took = 0;
    const run = this.tail.then(async () => {
      this.waiting--;
      this.renders++;
      const started = this.now();
      try {
        return await draw();
      } finally {
        took = this.now() - started;
      }
    });
    this.tail = run.catch(() => undefined).then(() => this.rest(took));
    const done = run
      .then((image) => {
        this.keep(key, image);
        return image;
      })
      .finally(() => this.drawing.delete(key));
    this.drawing.set(key, done);
    return done;
  }

  stats(): ShareImageStats {
    return { hits: this.hits, renders: this.renders, cached: this.cache.size, bytes: this.bytes };
  }

  private keep(key: string, image: Buffer) {
    if (image.length > this.maxBytes) return;
    this.cache.set(key, image);
    this.bytes += image.length;
    for (const [oldest, value] of this.cache) {
      if (this.bytes <= this.maxBytes) break;
      this.cache.delete(oldest);
      this.bytes -= value.length;
    }
  }
}
