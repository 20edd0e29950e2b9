/**
 * Image uploads (POST /api/manage/images take the file itself as the body): real images, truncated or
 * corrupted ones, zero bytes, random bytes, a header claiming billions of pixels, the wrong declared
 * type, multipart forms with hostile file names, over 10 MB. docs/security.md items 14 and 15.
 */
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { type Caller } from './requests.ts';
import { hostileString, withoutControls } from './values.ts';

export interface Samples {
  png: Buffer;
  jpeg: Buffer;
  webp: Buffer;
  avif: Buffer;
}

export async function makeSamples(): Promise<Samples> {
  const image = () => sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 20, g: 120, b: 40 } } });
  return {
    png: await image().png().toBuffer(),
    jpeg: await image().jpeg().toBuffer(),
    webp: await image().webp().toBuffer(),
    avif: await image().avif().toBuffer(),
  };
}

/** A valid PNG signature and header chunk for an image of width × height, and nothing else. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const type = Buffer.from('IHDR');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])) >>> 0);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, type, ihdr, crc]);
}

const TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'IMAGE/PNG',
  'image/png; charset=binary',
  'image/gif',
  'image/svg+xml',
  'image/heic',
  'application/octet-stream',
  'text/plain',
  'application/json',
  null,
];

export interface UploadRequest {
  caller: Caller;
  ip: string;
  acceptLanguage: string | undefined;
  contentType: string | null;
  body: Buffer;
  fileName: string | undefined;
}

type Kind = keyof Samples;
const kinds: Kind[] = ['png', 'jpeg', 'webp', 'avif'];

export function uploadRequest(samples: Samples): fc.Arbitrary<UploadRequest> {
  const real = fc.constantFrom(...kinds).map((k) => samples[k]);
  const body: fc.Arbitrary<Buffer> = fc.oneof(
    { weight: 2, arbitrary: real },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(real, fc.double({ min: 0, max: 1, noNaN: true }))
        .map(([b, f]) => b.subarray(0, Math.floor(b.length * f))),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(real, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([b, at, byte]) => {
        const copy = Buffer.from(b);
        copy[at % copy.length] = byte;
        return copy;
      }),
    },
    { weight: 2, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 4096 }).map((a) => Buffer.from(a)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }))
        .map(([w, h]) => pngHeader(w, h)),
    },
    {
      weight: 1,
      arbitrary: fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    },
    { weight: 1, arbitrary: fc.constant(Buffer.from('{"image":"not really"}')) },
    // Over the 10 MB cap: rare, it weighs 10 MB in memory.
    { weight: 1, arbitrary: fc.constant(null).map(() => Buffer.concat([samples.png, Buffer.alloc(10 * 1024 * 1024)])) },
  );
  const multipart = { weight: 1, arbitrary: fc.constant('multipart/form-data; boundary=fuzz') };
  return fc.record({
    caller: fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom<Caller>('visitor', 'member') },
      { weight: 4, arbitrary: fc.constantFrom<Caller>('moderator', 'admin') },
    ),
    ip: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.88.${a}.${b}`),
    acceptLanguage: fc.constantFrom(undefined, 'pt', 'en'),
    contentType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...TYPES) }, multipart),
    body,
    fileName: fc.option(
      fc.oneof(hostileString, fc.constantFrom('../../etc/passwd', 'a.png\u0000.exe', 'CON', '.htaccess')),
      {
        nil: undefined,
      },
    ),
  });
}

/** The request as sent: a multipart content type wraps the body in a form part named by fileName. */
export function uploadPayload(request: UploadRequest): { headers: Record<string, string>; payload: Buffer } {
  const headers: Record<string, string> = {};
  if (request.acceptLanguage) headers['accept-language'] = request.acceptLanguage;
  let payload = request.body;
  const name = (request.fileName ?? 'camisa.png').replace(/["\r\n]/g, '_');
  if (request.contentType?.startsWith('multipart/')) {
    payload = Buffer.concat([
      Buffer.from(
        `--fuzz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      request.body,
      Buffer.from('\r\n--fuzz--\r\n'),
    ]);
  } else if (request.fileName !== undefined) {
    headers['content-disposition'] = withoutControls(
      Buffer.from(`attachment; filename="${name}"`, 'utf8').toString('latin1'),
    );
  }
  if (request.contentType) headers['content-type'] = request.contentType;
  return { headers, payload };
}
