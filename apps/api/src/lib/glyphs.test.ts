import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fitLine, measure, readFace, textPath, wrapLines } from './glyphs.ts';

const require = createRequire(import.meta.url);
const face = (file: string) => readFace(readFileSync(require.resolve(`@fontsource/${file}`)));
const play = [face('play/files/play-latin-400-normal.woff'), face('play/files/play-latin-ext-400-normal.woff')];
const heading = [face('archivo-black/files/archivo-black-latin-400-normal.woff')];

describe('text as outlines', () => {
  it('reads the font: a line is as wide as its advances, kerned', () => {
    const [latin] = play;
    expect(latin!.unitsPerEm).toBeGreaterThan(0);
    expect(measure(play, '', 40)).toBe(0);
    // Twice the size, twice the width.
    expect(measure(play, 'Flamengo', 80)).toBeCloseTo(2 * measure(play, 'Flamengo', 40), 6);
    // "AV" is kerned tighter than its two letters apart.
    expect(measure(heading, 'AV', 100)).toBeLessThan(measure(heading, 'A', 100) + measure(heading, 'V', 100));
  });

  it('draws every letter of Portuguese, accents included, and stands in for what the font lacks', () => {
    const path = textPath(play, 'Ação São João', { x: 0, y: 50, size: 40 });
    expect(path).toMatch(/^M[\d.-]+ [\d.-]+/);
    expect(path.match(/M/g)!.length).toBeGreaterThan(12);
    // A letter of the Latin Extended file, and one that is in neither (drawn without its accent).
    expect(measure(play, 'ş', 40)).toBeGreaterThan(0);
    expect(measure(play, 'ǻ', 40)).toBeCloseTo(measure(play, 'a', 40), 6);
    // Centred and right-aligned text starts half and all its width to the left.
    const width = measure(play, 'Manto', 40);
    const start = (d: string) => Number(/^M([\d.-]+)/.exec(d)![1]);
    expect(start(textPath(play, 'Manto', { x: 500, y: 50, size: 40, anchor: 'end' }))).toBeCloseTo(
      start(textPath(play, 'Manto', { x: 500 - width, y: 50, size: 40 })),
      0,
    );
  });

  it('shrinks a long line to fit, then cuts it with an ellipsis; wraps words over lines', () => {
    expect(fitLine(play, 'Curto', { size: 40, minSize: 20, maxWidth: 500 })).toEqual({ text: 'Curto', size: 40 });
    const shrunk = fitLine(play, 'Associação Atlética Ponte Preta', { size: 40, minSize: 20, maxWidth: 400 });
    expect(shrunk.size).toBeLessThan(40);
    expect(measure(play, shrunk.text, shrunk.size)).toBeLessThanOrEqual(400);
    const cut = fitLine(play, 'Associação Atlética Ponte Preta de Campinas', { size: 40, minSize: 36, maxWidth: 300 });
    expect(cut.text.endsWith('…')).toBe(true);
    expect(measure(play, cut.text, cut.size)).toBeLessThanOrEqual(300);
    const wrapped = wrapLines(play, 'Associação Atlética Ponte Preta de Campinas', {
      size: 40,
      minSize: 30,
      maxWidth: 420,
      lines: 2,
    });
    expect(wrapped.lines.length).toBeLessThanOrEqual(2);
    for (const line of wrapped.lines) expect(measure(play, line, wrapped.size)).toBeLessThanOrEqual(420);
  });
});
