import { inflateSync } from 'node:zlib';

/**
 * Text as SVG outlines, read from the app's own font files (WOFF 1.0 with TrueType outlines: @fontsource's
 * files). The share images are drawn as SVG and rasterised by sharp (librsvg), which would otherwise draw text
 * in whatever fonts the machine's fontconfig knows (Debian's DejaVu, or none): as outlines, text looks the same
 * on every machine and its width is known before it is placed, so a long name is shrunk or cut, never clipped.
 * Kerning comes from the font's GPOS pair adjustments; no other shaping (Latin only).
 */

/** A point of a glyph's outline in font units; `on` false for a quadratic control point. */
interface Point {
  x: number;
  y: number;
  on: boolean;
}

export interface Face {
  readonly unitsPerEm: number;
  readonly ascender: number;
  readonly descender: number;
  /** The glyph index of a code point, 0 when the face lacks it. */
  glyph(codePoint: number): number;
  advance(glyph: number): number;
  /** The pair's advance adjustment in font units (GPOS kerning), 0 when none. */
  kern(left: number, right: number): number;
  /** The glyph's contours as closed paths in font units (y up). */
  contours(glyph: number): Point[][];
}

function tables(woff: Buffer): Map<string, Buffer> {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const tag = woff.toString('latin1', at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const stored = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const data = woff.subarray(offset, offset + stored);
    out.set(tag, stored < length ? inflateSync(data) : Buffer.from(data));
  }
  return out;
}

/** cmap: format 12 (full Unicode) when present, else format 4 (the BMP). */
function characterMap(cmap: Buffer): (codePoint: number) => number {
  const count = cmap.readUInt16BE(2);
  let format4: number | null = null;
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) {
      const groups = cmap.readUInt32BE(offset + 12);
      const map = new Map<number, number>();
      for (let g = 0; g < groups; g++) {
        const at = offset + 16 + g * 12;
        const start = cmap.readUInt32BE(at);
        const end = cmap.readUInt32BE(at + 4);
        const first = cmap.readUInt32BE(at + 8);
        for (let c = start; c <= end && c - start < 65_536; c++) map.set(c, first + c - start);
      }
      return (c) => map.get(c) ?? 0;
    }
    if (format === 4) format4 ??= offset;
  }
  if (format4 === null) return () => 0;
  const at = format4;
  const segments = cmap.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  const map = new Map<number, number>();
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeAt = ranges + s * 2;
    const range = cmap.readUInt16BE(rangeAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let g: number;
      if (range === 0) g = (c + delta) & 0xffff;
      else {
        const raw = cmap.readUInt16BE(rangeAt + range + (c - start) * 2);
        g = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (g !== 0) map.set(c, g);
    }
  }
  return (c) => map.get(c) ?? 0;
}

/** The glyphs a Coverage table lists, each with its coverage index. */
function coverage(data: Buffer, at: number): Map<number, number> {
  const out = new Map<number, number>();
  const format = data.readUInt16BE(at);
  const count = data.readUInt16BE(at + 2);
  if (format === 1) for (let i = 0; i < count; i++) out.set(data.readUInt16BE(at + 4 + i * 2), i);
  else
    for (let r = 0; r < count; r++) {
      const start = data.readUInt16BE(at + 4 + r * 6);
      const end = data.readUInt16BE(at + 6 + r * 6);
      const index = data.readUInt16BE(at + 8 + r * 6);
      for (let g = start; g <= end; g++) out.set(g, index + g - start);
    }
  return out;
}

function classes(data: Buffer, at: number): (glyph: number) => number {
  const format = data.readUInt16BE(at);
  const map = new Map<number, number>();
  if (format === 1) {
    const first = data.readUInt16BE(at + 2);
    const count = data.readUInt16BE(at + 4);
    for (let i = 0; i < count; i++) map.set(first + i, data.readUInt16BE(at + 6 + i * 2));
  } else {
    const count = data.readUInt16BE(at + 2);
    for (let r = 0; r < count; r++) {
      const start = data.readUInt16BE(at + 4 + r * 6);
      const end = data.readUInt16BE(at + 6 + r * 6);
      const value = data.readUInt16BE(at + 8 + r * 6);
      for (let g = start; g <= end; g++) map.set(g, value);
    }
  }
  return (g) => map.get(g) ?? 0;
}

/** Bytes of a ValueRecord of this format: two per bit set. */
const valueSize = (format: number) => {
  let n = 0;
  for (let f = format; f; f >>= 1) n += f & 1;
  return n * 2;
};
/** The XAdvance of a ValueRecord at `at` (0 when its format has none). */
function xAdvance(data: Buffer, at: number, format: number): number {
  if (!(format & 0x4)) return 0;
  const before = valueSize(format & 0x3);
  return data.readInt16BE(at + before);
}

type PairLookup = (left: number, right: number) => number | undefined;

/** One PairPos subtable (GPOS lookup type 2), format 1 (glyph pairs) or 2 (class pairs). */
function pairSubtable(data: Buffer, at: number): PairLookup {
  const format = data.readUInt16BE(at);
  const covered = coverage(data, at + data.readUInt16BE(at + 2));
  const format1 = data.readUInt16BE(at + 4);
  const format2 = data.readUInt16BE(at + 6);
  const recordSize = valueSize(format1) + valueSize(format2);
  if (format === 1) {
    const sets = at + 10;
    return (left, right) => {
      const index = covered.get(left);
      if (index === undefined) return undefined;
      const set = at + data.readUInt16BE(sets + index * 2);
      const count = data.readUInt16BE(set);
      // Pair records are sorted by the second glyph: binary search.
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const record = set + 2 + mid * (2 + recordSize);
        const second = data.readUInt16BE(record);
        if (second === right) return xAdvance(data, record + 2, format1);
        if (second < right) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    };
  }
  if (format === 2) {
    const first = classes(data, at + data.readUInt16BE(at + 8));
    const second = classes(data, at + data.readUInt16BE(at + 10));
    const class2Count = data.readUInt16BE(at + 14);
    const records = at + 16;
    return (left, right) => {
      if (!covered.has(left)) return undefined;
      const record = records + (first(left) * class2Count + second(right)) * recordSize;
      return xAdvance(data, record, format1);
    };
  }
  return () => undefined;
}

/** The 'kern' feature's pair adjustments of a GPOS table, first subtable that has the pair wins. */
function gposKerning(gpos: Buffer | undefined): PairLookup {
  if (!gpos) return () => undefined;
  const features = gpos.readUInt16BE(6);
  const lookups = gpos.readUInt16BE(8);
  const featureCount = gpos.readUInt16BE(features);
  const wanted = new Set<number>();
  for (let i = 0; i < featureCount; i++) {
    const record = features + 2 + i * 6;
    if (gpos.toString('latin1', record, record + 4) !== 'kern') continue;
    const feature = features + gpos.readUInt16BE(record + 4);
    const count = gpos.readUInt16BE(feature + 2);
    for (let k = 0; k < count; k++) wanted.add(gpos.readUInt16BE(feature + 4 + k * 2));
  }
  const subtables: PairLookup[] = [];
  for (const index of [...wanted].sort((a, b) => a - b)) {
    const lookup = lookups + gpos.readUInt16BE(lookups + 2 + index * 2);
    const type = gpos.readUInt16BE(lookup);
    const count = gpos.readUInt16BE(lookup + 4);
    for (let s = 0; s < count; s++) {
      let at = lookup + gpos.readUInt16BE(lookup + 6 + s * 2);
      let subType = type;
      // An extension subtable (type 9) points at the real one with a 32-bit offset.
      if (type === 9) {
        subType = gpos.readUInt16BE(at + 2);
        at += gpos.readUInt32BE(at + 4);
      }
      if (subType === 2) subtables.push(pairSubtable(gpos, at));
    }
  }
  return (left, right) => {
    for (const lookup of subtables) {
      const value = lookup(left, right);
      if (value !== undefined) return value;
    }
    return undefined;
  };
}

/** Reads a WOFF 1.0 font with TrueType outlines. */
export function readFace(woff: Buffer): Face {
  const t = tables(woff);
  const need = (tag: string) => {
    const table = t.get(tag);
    if (!table) throw new Error(`font without a ${tag} table`);
    return table;
  };
  const head = need('head');
  const hhea = need('hhea');
  const hmtx = need('hmtx');
  const loca = need('loca');
  const glyf = need('glyf');
  const glyphCount = need('maxp').readUInt16BE(4);
  const longLoca = head.readInt16BE(50) === 1;
  const metrics = hhea.readUInt16BE(34);
  const cmap = characterMap(need('cmap'));
  const pairs = gposKerning(t.get('GPOS'));
  const kerning = new Map<number, number>();
  const outlines = new Map<number, Point[][]>();

  const offset = (g: number) => (longLoca ? loca.readUInt32BE(g * 4) : loca.readUInt16BE(g * 2) * 2);

  function contours(g: number, depth = 0): Point[][] {
    if (g < 0 || g >= glyphCount || depth > 8) return [];
    const start = offset(g);
    if (offset(g + 1) === start) return [];
    const count = glyf.readInt16BE(start);
    if (count >= 0) return simple(start, count);
    return composite(start, depth);
  }

  function simple(start: number, count: number): Point[][] {
    const ends: number[] = [];
    for (let i = 0; i < count; i++) ends.push(glyf.readUInt16BE(start + 10 + i * 2));
    const points = count > 0 ? ends[count - 1]! + 1 : 0;
    let at = start + 10 + count * 2;
    at += 2 + glyf.readUInt16BE(at);
    const flags: number[] = [];
    while (flags.length < points) {
      const flag = glyf.readUInt8(at++);
      flags.push(flag);
      if (flag & 8) {
        const repeat = glyf.readUInt8(at++);
        for (let r = 0; r < repeat; r++) flags.push(flag);
      }
    }
    const xs: number[] = [];
    let x = 0;
    for (const flag of flags) {
      if (flag & 2) {
        const d = glyf.readUInt8(at++);
        x += flag & 16 ? d : -d;
      } else if (!(flag & 16)) {
        x += glyf.readInt16BE(at);
        at += 2;
      }
      xs.push(x);
    }
    const ys: number[] = [];
    let y = 0;
    for (const flag of flags) {
      if (flag & 4) {
        const d = glyf.readUInt8(at++);
        y += flag & 32 ? d : -d;
      } else if (!(flag & 32)) {
        y += glyf.readInt16BE(at);
        at += 2;
      }
      ys.push(y);
    }
    const out: Point[][] = [];
    let first = 0;
    for (const end of ends) {
      const contour: Point[] = [];
      for (let i = first; i <= end; i++) contour.push({ x: xs[i]!, y: ys[i]!, on: (flags[i]! & 1) === 1 });
      out.push(contour);
      first = end + 1;
    }
    return out;
  }

  function composite(start: number, depth: number): Point[][] {
    const out: Point[][] = [];
    let at = start + 10;
    for (;;) {
      const flags = glyf.readUInt16BE(at);
      const component = glyf.readUInt16BE(at + 2);
      at += 4;
      let dx: number;
      let dy: number;
      if (flags & 1) {
        dx = glyf.readInt16BE(at);
        dy = glyf.readInt16BE(at + 2);
        at += 4;
      } else {
        dx = glyf.readInt8(at);
        dy = glyf.readInt8(at + 1);
        at += 2;
      }
      // Point-matched components (ARGS_ARE_XY_VALUES unset) are rare in Latin fonts: placed unmoved.
      if (!(flags & 2)) dx = dy = 0;
      let [a, b, c, d] = [1, 0, 0, 1];
      const f2dot14 = (p: number) => glyf.readInt16BE(p) / 16384;
      if (flags & 0x8) {
        a = d = f2dot14(at);
        at += 2;
      } else if (flags & 0x40) {
        a = f2dot14(at);
        d = f2dot14(at + 2);
        at += 4;
      } else if (flags & 0x80) {
        [a, b, c, d] = [f2dot14(at), f2dot14(at + 2), f2dot14(at + 4), f2dot14(at + 6)];
        at += 8;
      }
      for (const contour of contours(component, depth + 1))
        out.push(contour.map((p) => ({ x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, on: p.on })));
      if (!(flags & 0x20)) break;
    }
    return out;
  }

  return {
    unitsPerEm: head.readUInt16BE(18),
    ascender: hhea.readInt16BE(4),
    descender: hhea.readInt16BE(6),
    glyph: cmap,
    advance: (g) => hmtx.readUInt16BE(Math.min(g, metrics - 1) * 4),
    kern(left, right) {
      const key = left * 65_536 + right;
      let value = kerning.get(key);
      if (value === undefined) kerning.set(key, (value = pairs(left, right) ?? 0));
      return value;
    },
    contours(g) {
      let found = outlines.get(g);
      if (!found) outlines.set(g, (found = contours(g)));
      return found;
    },
  };
}

/** A typeface as faces tried in turn for each character (the Latin file, then Latin Extended). */
export type Font = readonly Face[];

interface Placed {
  face: Face;
  glyph: number;
  /** Pen position in ems from the run's start. */
  x: number;
}

/**
 * A character the faces lack is drawn without its accents when its base letter is there ("ő" as "o"), and
 * as "?" otherwise.
 */
function resolve(font: Font, char: string): { face: Face; glyph: number } {
  const find = (c: string) => {
    const code = c.codePointAt(0)!;
    for (const face of font) {
      const glyph = face.glyph(code);
      if (glyph !== 0) return { face, glyph };
    }
    return null;
  };
  return (
    find(char) ?? find(char.normalize('NFD').replace(/\p{M}/gu, '').slice(0, 1) || '?') ?? { face: font[0]!, glyph: 0 }
  );
}

/** The glyphs of a line of text and their positions in ems; `width` is the line's advance in ems. */
function layout(font: Font, text: string): { glyphs: Placed[]; width: number } {
  const glyphs: Placed[] = [];
  let pen = 0;
  let previous: { face: Face; glyph: number } | null = null;
  for (const char of text.replace(/\s+/g, ' ')) {
    const current = resolve(font, char);
    const em = current.face.unitsPerEm;
    if (previous && previous.face === current.face) pen += current.face.kern(previous.glyph, current.glyph) / em;
    glyphs.push({ ...current, x: pen });
    pen += current.face.advance(current.glyph) / em;
    previous = current;
  }
  return { glyphs, width: pen };
}

/** The width of a line of text at `size` pixels. */
export function measure(font: Font, text: string, size: number): number {
  return layout(font, text).width * size;
}

const num = (n: number) => String(Math.round(n * 10) / 10);

/**
 * The outline of a line of text as the `d` of one SVG path: `x` is where the line starts (or ends, or
 * centres, by `anchor`), `y` its baseline, `size` the font size in pixels. Contours are TrueType's quadratic
 * curves, an off-curve point between two others standing for the on-curve midpoint.
 */
export function textPath(
  font: Font,
  text: string,
  { x, y, size, anchor = 'start' }: { x: number; y: number; size: number; anchor?: 'start' | 'middle' | 'end' },
): string {
  const { glyphs, width } = layout(font, text);
  const left = anchor === 'start' ? x : anchor === 'end' ? x - width * size : x - (width * size) / 2;
  const parts: string[] = [];
  for (const { face, glyph, x: pen } of glyphs) {
    const scale = size / face.unitsPerEm;
    const ox = left + pen * size;
    const px = (p: Point) => num(ox + p.x * scale);
    const py = (p: Point) => num(y - p.y * scale);
    for (const contour of face.contours(glyph)) {
      const n = contour.length;
      if (n === 0) continue;
      // Start on an on-curve point; with none, at the midpoint of the last and the first control points.
      const first = contour.findIndex((p) => p.on);
      const points =
        first === -1
          ? [
              { x: (contour[n - 1]!.x + contour[0]!.x) / 2, y: (contour[n - 1]!.y + contour[0]!.y) / 2, on: true },
              ...contour,
            ]
          : [...contour.slice(first), ...contour.slice(0, first)];
      const start = points[0]!;
      parts.push(`M${px(start)} ${py(start)}`);
      for (let i = 1; i <= points.length; i++) {
        const p = points[i % points.length]!;
        if (p.on) {
          if (i < points.length) parts.push(`L${px(p)} ${py(p)}`);
          continue;
        }
        const next = points[(i + 1) % points.length]!;
        const end = next.on ? next : { x: (p.x + next.x) / 2, y: (p.y + next.y) / 2, on: true };
        parts.push(`Q${px(p)} ${py(p)} ${px(end)} ${py(end)}`);
        if (next.on) i++;
      }
      parts.push('Z');
    }
  }
  return parts.join('');
}

/**
 * A line that fits `maxWidth`: at `size` if it fits, else at the size that makes it fit down to `minSize`,
 * else at `minSize` cut with an ellipsis.
 */
export function fitLine(
  font: Font,
  text: string,
  { size, minSize, maxWidth }: { size: number; minSize: number; maxWidth: number },
): { text: string; size: number } {
  const width = measure(font, text, size);
  if (width <= maxWidth) return { text, size };
  const shrunk = Math.floor((size * maxWidth) / width);
  if (shrunk >= minSize) return { text, size: shrunk };
  const chars = [...text];
  while (chars.length > 1 && measure(font, `${chars.join('').trimEnd()}…`, minSize) > maxWidth) chars.pop();
  return { text: `${chars.join('').trimEnd()}…`, size: minSize };
}

/**
 * Words spread over at most `lines` lines of `maxWidth` at `size` (shrinking down to `minSize` when they do
 * not fit); the last line is cut with an ellipsis when even that is not enough.
 */
export function wrapLines(
  font: Font,
  text: string,
  { size, minSize, maxWidth, lines }: { size: number; minSize: number; maxWidth: number; lines: number },
): { lines: string[]; size: number } {
  const words = text.split(/\s+/).filter(Boolean);
  const attempt = (s: number) => {
    const out: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (!current || measure(font, candidate, s) <= maxWidth) current = candidate;
      else {
        out.push(current);
        current = word;
      }
    }
    if (current) out.push(current);
    return out;
  };
  for (let s = size; s >= minSize; s -= 2) {
    const out = attempt(s);
    if (out.length <= lines && out.every((l) => measure(font, l, s) <= maxWidth)) return { lines: out, size: s };
  }
  const out = attempt(minSize);
  const cut = (line: string) => fitLine(font, line, { size: minSize, minSize, maxWidth }).text;
  const kept = out.slice(0, lines - 1).map(cut);
  kept.push(cut(out.slice(lines - 1).join(' ')));
  return { lines: kept, size: minSize };
}
