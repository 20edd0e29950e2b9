import sharp from 'sharp';
import type { ImageRef } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { AppError } from '#lib/app-error.ts';
import { ImageRepository, type ImageRow } from './repository.ts';
import type { ImageStore } from './storage.ts';

/**
 * Widths the screens ask for: list thumbnails (192: a 40–64 px picture on a 3× phone screen; the ranking
 * list's is 56 px), cards (320), duel/detail on phones (640), detail on desktop (1200). A width added here
 * reaches the images stored before it through `addMissingVariants`.
 */
export const VARIANT_WIDTHS = [192, 320, 640, 1200] as const;
const MAX_PIXELS = 40_000_000;
const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heif: 'image/avif',
};

/** The variant widths of an image `width` pixels wide: none wider than the image itself. */
const variantWidths = (width: number) => [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))];

/** WebP's default effort (4) for uploads: each variant is encoded once and downloaded by every fan. */
const UPLOAD_EFFORT = 4;
const webpVariant = (image: sharp.Sharp, width: number, effort = UPLOAD_EFFORT) =>
  image.resize({ width }).webp({ quality: 82, effort }).toBuffer();

export function imageRef(row: ImageRow | null | undefined): ImageRef | null {
  if (!row?.id) return null;
  const url = (w: number) => `/api/images/${row.id}/${w}.webp`;
  const srcWidth = [...row.variants].reverse().find((w) => w <= 640) ?? row.variants[0]!;
  const largest = row.variants.at(-1)!;
  return {
    id: row.id,
    src: url(srcWidth),
    srcSet: row.variants.map((w) => `${url(w)} ${w}w`).join(', '),
    width: largest,
    height: Math.round((row.height * largest) / row.width),
  };
}

export class ImageService {
  private readonly repository: ImageRepository;

  constructor(
    db: Db,
    private readonly files: ImageStore,
  ) {
    this.repository = new ImageRepository(db);
  }

  /**
   * Decodes the upload to prove it is an image (whatever its name or declared type), caps its pixel
   * count, applies EXIF orientation and drops all metadata, then stores a clean original plus WebP
   * variants no wider than the original. `webpEffort` (0–6) trades encoding time for bytes: the demo's
   * flat drawings take 2 (2.4 times faster to encode, about a tenth more bytes), so a first start with
   * the demo is ready sooner.
   */
  async store(input: Buffer, { webpEffort = UPLOAD_EFFORT } = {}): Promise<ImageRow> {
    let meta: sharp.Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
    } catch (err) {
      if (String(err).includes('pixel limit')) throw new AppError(413, 'IMAGE_TOO_LARGE');
      throw new AppError(400, 'INVALID_IMAGE');
    }
    const type = meta.format ? FORMATS[meta.format] : undefined;
    if (!type || !meta.width || !meta.height) throw new AppError(400, 'INVALID_IMAGE');
    if (meta.width * meta.height > MAX_PIXELS) throw new AppError(413, 'IMAGE_TOO_LARGE');

    const base = () => sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
    let original: Buffer;
    let oriented: sharp.OutputInfo;
    try {
      ({ data: original, info: oriented } = await base()
        .toFormat(meta.format === 'heif' ? 'avif' : (meta.format as 'jpeg'))
        .toBuffer({ resolveWithObject: true }));
    } catch {
      throw new AppError(400, 'INVALID_IMAGE');
    }
    const widths = variantWidths(oriented.width);
    const variants = await Promise.all(widths.map((w) => webpVariant(base(), w, webpEffort)));

    const row = await this.repository.insert({
      width: oriented.width,
      height: oriented.height,
      variants: widths,
      originalType: type,
      byteSize: input.length,
    });
    await Promise.all([
      this.files.put(`${row.id}/original`, original),
      ...widths.map((w, i) => this.files.put(`${row.id}/${w}.webp`, variants[i]!)),
    ]);
    return row;
  }

  /**
   * Gives every image stored before a width joined VARIANT_WIDTHS that width, made from its stored
   * original, one image at a time (run in the background at start-up; each image is done once, so a
   * second process or a restart finds nothing left). Stops between two images once `signal` aborts (a
   * shutdown); resolves with the number of images changed.
   */
  async addMissingVariants(signal?: AbortSignal): Promise<number> {
    let changed = 0;
    for (const row of await this.repository.missingVariants(VARIANT_WIDTHS)) {
      if (signal?.aborted) break;
      const original = await this.files.get(`${row.id}/original`);
      if (!original) continue;
      const widths = variantWidths(row.width);
      const missing = widths.filter((w) => !row.variants.includes(w));
      for (const w of missing) await this.files.put(`${row.id}/${w}.webp`, await webpVariant(sharp(original), w));
      // Only once its files exist does a reference list the width.
      await this.repository.setVariants(row.id, widths);
      changed++;
    }
    return changed;
  }

  async file(id: string, name: string): Promise<{ data: Buffer; type: string } | null> {
    const originalType = await this.repository.originalType(id);
    if (!originalType) return null;
    const data = await this.files.get(`${id}/${name}`);
    if (!data) return null;
    return { data, type: name === 'original' ? originalType : 'image/webp' };
  }
}
