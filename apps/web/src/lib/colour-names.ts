/**
 * A colour's everyday name in the reader's language ("Amarelo", "Navy blue") for a catalogue hex value:
 * the nearest of a small palette of the colours football shirts come in, by perceptual distance (CIE Lab).
 * The hex value stays available for whoever needs it; fans read the name.
 */
const PALETTE: { hex: string; pt: string; en: string }[] = [
  { hex: '#FFFFFF', pt: 'Branco', en: 'White' },
  { hex: '#000000', pt: 'Preto', en: 'Black' },
  { hex: '#808080', pt: 'Cinza', en: 'Grey' },
  { hex: '#C0C0C0', pt: 'Prata', en: 'Silver' },
  { hex: '#E32221', pt: 'Vermelho', en: 'Red' },
  { hex: '#7A0026', pt: 'Grená', en: 'Maroon' },
  { hex: '#FF7A00', pt: 'Laranja', en: 'Orange' },
  { hex: '#F4C20D', pt: 'Amarelo', en: 'Yellow' },
  { hex: '#B8963E', pt: 'Dourado', en: 'Gold' },
  { hex: '#F5E6C8', pt: 'Creme', en: 'Cream' },
  { hex: '#1E9E3A', pt: 'Verde', en: 'Green' },
  { hex: '#0B4D2C', pt: 'Verde-escuro', en: 'Dark green' },
  { hex: '#7CC242', pt: 'Verde-limão', en: 'Lime green' },
  { hex: '#1F6FD1', pt: 'Azul', en: 'Blue' },
  { hex: '#0A1F5C', pt: 'Azul-marinho', en: 'Navy blue' },
  { hex: '#87CEEB', pt: 'Azul-celeste', en: 'Sky blue' },
  { hex: '#00A6A6', pt: 'Turquesa', en: 'Teal' },
  { hex: '#6A2C91', pt: 'Roxo', en: 'Purple' },
  { hex: '#F06EAA', pt: 'Rosa', en: 'Pink' },
  { hex: '#7B4A2A', pt: 'Marrom', en: 'Brown' },
];

type Lab = [number, number, number];

/** sRGB hex → CIE Lab (D65). */
function lab(hex: string): Lab {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [channel(0), channel(1), channel(2)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t) / 116 + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

const NAMED = PALETTE.map((colour) => ({ ...colour, lab: lab(colour.hex) }));

/** The palette name nearest to `hex` (#RRGGBB) in `language`; the hex itself when it is not one. */
export function colourName(hex: string, language: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  const [l, a, b] = lab(hex);
  let best = NAMED[0]!;
  let bestDistance = Infinity;
  for (const colour of NAMED) {
    const distance = (colour.lab[0] - l) ** 2 + (colour.lab[1] - a) ** 2 + (colour.lab[2] - b) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [colour, distance];
  }
  return language.startsWith('en') ? best.en : best.pt;
}
