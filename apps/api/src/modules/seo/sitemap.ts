import { LANGUAGES } from '@manto/contracts';
import { escapeMarkup } from '#lib/markup.ts';
import { languageUrl } from '#lib/page-head.ts';

const HREFLANGS = { pt: 'pt-BR', en: 'en' } as const;

/**
 * robots.txt: the public pages and the share images open to every crawler; Sistema, sign-in and the rest of
 * the API closed (crawlers take the longest matching rule, so `Allow: /api/share/` wins over `Disallow: /api/`).
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /app/',
    'Allow: /api/share/',
    'Disallow: /app/sistema',
    'Disallow: /app/auth',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The sitemap: every public page in each language (Portuguese at the bare address, English with `?lang=en`),
 * each entry listing both languages and the x-default as `xhtml:link` alternates (Google's form for pages in
 * several languages).
 */
export function sitemapXml(origin: string, paths: string[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const path of paths) {
    const alternates =
      LANGUAGES.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${HREFLANGS[l]}" href="${escapeMarkup(languageUrl(origin, path, l))}"/>`,
      ).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(languageUrl(origin, path, 'pt'))}"/>`;
    for (const language of LANGUAGES)
      out.push(`<url><loc>${escapeMarkup(languageUrl(origin, path, language))}</loc>${alternates}</url>`);
  }
  out.push('</urlset>', '');
  return out.join('\n');
}
