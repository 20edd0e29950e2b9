import { escapeMarkup } from '#lib/markup.ts';

/**
 * Draws a jersey as SVG from colours and a pattern, for the demo catalogue. Deterministic: the same
 * design always gives the same picture.
 */
export const PATTERNS = ['plain', 'stripes', 'hoops', 'halves', 'sash', 'chevron', 'pinstripes', 'quarters'] as const;
export type Pattern = (typeof PATTERNS)[number];

/** How the demo's drawings are stored: flat colours, so WebP's effort 2 costs little in bytes (ImageService.store). */
export const DEMO_IMAGE = { webpEffort: 2 };

export interface JerseyDesign {
  pattern: Pattern;
  primary: string;
  secondary: string;
  trim: string;
  sleeves: string;
  sponsor: string;
  supplier: string;
  crestInitials: string;
  crestColor: string;
  collar: 'round' | 'v' | 'polo';
  stripeWidth: number;
}

const BODY =
  'M330,95 Q400,150 470,95 L585,130 L705,300 L625,355 L560,300 L555,720 Q400,742 245,720 L240,300 L175,355 L95,300 L215,130 Z';
const LEFT_SLEEVE = 'M215,130 L95,300 L175,355 L240,300 L258,160 Z';
const RIGHT_SLEEVE = 'M585,130 L705,300 L625,355 L560,300 L542,160 Z';

/** Relative luminance, to pick readable text over a colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const readableOn = (hex: string) => (luminance(hex) > 0.45 ? '#111111' : '#FFFFFF');

function pattern(d: JerseyDesign): string {
  const w = d.stripeWidth;
  const bands: string[] = [];
  switch (d.pattern) {
    case 'stripes':
      for (let x = 80; x < 720; x += w * 2)
        bands.push(`<rect x="${x + w}" y="60" width="${w}" height="700" fill="${d.secondary}"/>`);
      break;
    case 'pinstripes':
      for (let x = 80; x < 720; x += w)
        bands.push(`<rect x="${x}" y="60" width="6" height="700" fill="${d.secondary}"/>`);
      break;
    case 'hoops':
      for (let y = 180; y < 760; y += w * 2)
        bands.push(`<rect x="60" y="${y}" width="680" height="${w}" fill="${d.secondary}"/>`);
      break;
    case 'halves':
      bands.push(`<rect x="400" y="60" width="340" height="700" fill="${d.secondary}"/>`);
      break;
    case 'quarters':
      bands.push(
        `<rect x="400" y="60" width="340" height="370" fill="${d.secondary}"/><rect x="60" y="430" width="340" height="330" fill="${d.secondary}"/>`,
      );
      break;
    case 'sash':
      bands.push(`<polygon points="215,110 330,110 600,760 485,760" fill="${d.secondary}"/>`);
      break;
    case 'chevron':
      bands.push(`<polygon points="200,170 400,330 600,170 600,250 400,410 200,250" fill="${d.secondary}"/>`);
      break;
    case 'plain':
      break;
  }
  return bands.join('');
}

function collar(d: JerseyDesign): string {
  if (d.collar === 'v')
    return `<path d="M330,95 L400,175 L470,95" fill="none" stroke="${d.trim}" stroke-width="16" stroke-linejoin="round"/>`;
  if (d.collar === 'polo')
    return `<path d="M322,92 L400,150 L478,92 L470,132 L400,180 L330,132 Z" fill="${d.trim}"/><line x1="400" y1="150" x2="400" y2="215" stroke="${d.trim}" stroke-width="6"/>`;
  return `<path d="M330,95 Q400,150 470,95" fill="none" stroke="${d.trim}" stroke-width="16" stroke-linecap="round"/>`;
}

export function jerseySvg(d: JerseyDesign, size = 640): string {
  // Outlined text stays readable across stripes, sashes and halves.
  const sponsorColor = readableOn(d.primary);
  const sponsorOutline = sponsorColor === '#FFFFFF' ? '#000000' : '#FFFFFF';
  const sponsorFont = Math.round(Math.min(58, 300 / (0.74 * d.sponsor.length)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
  <defs>
    <clipPath id="body"><path d="${BODY}"/></clipPath>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.22"/>
      <stop offset="0.35" stop-color="#fff" stop-opacity="0.10"/>
      <stop offset="0.65" stop-color="#fff" stop-opacity="0.04"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.25"/>
    </linearGradient>
  </defs>
  <g>
    <!-- An offset silhouette instead of a blur filter: blurring costs ten times the whole drawing. -->
    <path d="${BODY}" transform="translate(6,12)" fill="#000" opacity="0.16"/>
    <path d="${LEFT_SLEEVE}" transform="translate(6,12)" fill="#000" opacity="0.16"/>
    <path d="${RIGHT_SLEEVE}" transform="translate(6,12)" fill="#000" opacity="0.16"/>
    <path d="${BODY}" fill="${d.primary}"/>
    <g clip-path="url(#body)">${pattern(d)}</g>
    <path d="${LEFT_SLEEVE}" fill="${d.sleeves}"/>
    <path d="${RIGHT_SLEEVE}" fill="${d.sleeves}"/>
    <line x1="99" y1="306" x2="171" y2="353" stroke="${d.trim}" stroke-width="14"/>
    <line x1="701" y1="306" x2="629" y2="353" stroke="${d.trim}" stroke-width="14"/>
    <rect x="245" y="700" width="310" height="14" fill="${d.trim}" clip-path="url(#body)" opacity="0.9"/>
    <path d="${BODY}" fill="url(#shade)"/>
    ${collar(d)}
    <path d="${BODY}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>
    <path d="M258,160 L240,300 M542,160 L560,300" stroke="#000" stroke-opacity="0.18" stroke-width="3" fill="none"/>
  </g>
  <text x="318" y="238" font-family="DejaVu Sans, Arial, sans-serif" font-size="19" font-weight="bold" fill="${readableOn(d.primary)}" text-anchor="middle" opacity="0.9">${escapeMarkup(d.supplier)}</text>
  <g transform="translate(482,196)">
    <path d="M0,0 L44,0 L44,30 Q44,56 22,66 Q0,56 0,30 Z" fill="${d.crestColor}" stroke="${readableOn(d.crestColor)}" stroke-width="3"/>
    <text x="22" y="38" font-family="DejaVu Sans, Arial, sans-serif" font-size="17" font-weight="bold" fill="${readableOn(d.crestColor)}" text-anchor="middle">${escapeMarkup(d.crestInitials)}</text>
  </g>
  <text x="400" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="${sponsorFont}" font-weight="bold" letter-spacing="2" fill="${sponsorColor}" stroke="${sponsorOutline}" stroke-opacity="0.55" stroke-width="3" paint-order="stroke" text-anchor="middle">${escapeMarkup(d.sponsor.toUpperCase())}</text>
</svg>`;
}
