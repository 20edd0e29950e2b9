import { LANGUAGES, type Language } from '@manto/contracts';
import { escapeMarkup } from './markup.ts';

/**
 * What a public page says about itself in its <head> (docs/decisions/0036-head-tags-and-share-images.md): the
 * data, in the page's language, that `headMarkup` writes as tags. Built by the seo module for a URL and
 * language; the SPA page handler inserts the markup into the page it sends, and a server renderer can insert
 * the same.
 */
export interface PageHead {
  /** The whole document title ("Ranking do Flamengo | Manto"). */
  title: string;
  description: string;
  /** The page's path without a language: "/app/rankings/times/flamengo". */
  path: string;
  /** og:type: a jersey page is an article about one thing; every other page is the site's. */
  type: 'website' | 'article';
  /** The share image: a path under the site's origin, its size and its text alternative. */
  image: { path: string; width: number; height: number; alt: string; type: string };
  /** The page's breadcrumbs as the screen draws them, the page itself last (JSON-LD BreadcrumbList). */
  breadcrumbs?: { name: string; path: string }[];
  /** A ranking's first entries, in order (JSON-LD ItemList). */
  list?: { name: string; path: string }[];
  /** Pages search engines should leave out (sign-in, Sistema, unknown addresses). */
  noindex?: boolean;
}

/** The query parameter that names a page's language (`?lang=en`); without it, Accept-Language decides. */
export const LANGUAGE_PARAM = 'lang';

/** The language a query string names (`lang=en`), or null when it names none we serve. */
export function languageFromQuery(query: string | undefined): Language | null {
  if (!query) return null;
  const value = new URLSearchParams(query).get(LANGUAGE_PARAM);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
}

/**
 * A page's address in one language: Portuguese, the default, at the bare path (what a visitor without a
 * preference and a crawler get), English with `?lang=en`. The bare path is also the x-default: a browser
 * that asks for English there gets English.
 */
export function languageUrl(origin: string, path: string, language: Language): string {
  return language === 'pt' ? `${origin}${path}` : `${origin}${path}?${LANGUAGE_PARAM}=${language}`;
}

const OG_LOCALES: Record<Language, string> = { pt: 'pt_BR', en: 'en_GB' };
/** The hreflang of each language: Portuguese as Brazil writes it, English for every English reader. */
const HREFLANGS: Record<Language, string> = { pt: 'pt-BR', en: 'en' };

/**
 * JSON inside <script type="application/ld+json">: data, which browsers never run, but an HTML parser ends
 * the element at the first `</script`, so `<` (and `>`, `&`, and the two line separators JavaScript once
 * refused) are written as \u escapes, which JSON reads back as the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The JSON-LD blocks of a page: its breadcrumbs and its list, each a <script type="application/ld+json">. */
export function structuredData(head: PageHead, origin: string, language: Language): string {
  const blocks: unknown[] = [];
  const url = (path: string) => languageUrl(origin, path, language);
  if (head.breadcrumbs && head.breadcrumbs.length > 0)
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: head.breadcrumbs.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.name,
        item: url(crumb.path),
      })),
    });
  if (head.list && head.list.length > 0)
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListOrder: 'https://schema.org/ItemListOrderDescending',
      numberOfItems: head.list.length,
      itemListElement: head.list.map((item, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: item.name,
        url: url(item.path),
      })),
    });
  return blocks.map((block) => `<script type="application/ld+json">${jsonForScript(block)}</script>`).join('');
}

/**
 * The head tags of a page in `language`: title, description, canonical (the page's own language's address),
 * hreflang alternates (pt, en, x-default), Open Graph and the Twitter card. Every text is escaped.
 */
export function headMarkup(head: PageHead, origin: string, language: Language): string {
  const e = escapeMarkup;
  const canonical = languageUrl(origin, head.path, language);
  const image = `${origin}${head.image.path}`;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    ...(head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    `<link rel="canonical" href="${e(canonical)}">`,
    ...LANGUAGES.map(
      (l) => `<link rel="alternate" hreflang="${HREFLANGS[l]}" href="${e(languageUrl(origin, head.path, l))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${e(languageUrl(origin, head.path, 'pt'))}">`,
    `<meta property="og:site_name" content="Manto">`,
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:url" content="${e(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}">`,
    ...LANGUAGES.filter((l) => l !== language).map(
      (l) => `<meta property="og:locale:alternate" content="${OG_LOCALES[l]}">`,
    ),
    `<meta property="og:image" content="${e(image)}">`,
    `<meta property="og:image:type" content="${e(head.image.type)}">`,
    `<meta property="og:image:width" content="${Number(head.image.width)}">`,
    `<meta property="og:image:height" content="${Number(head.image.height)}">`,
    `<meta property="og:image:alt" content="${e(head.image.alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
    `<meta name="twitter:image" content="${e(image)}">`,
    `<meta name="twitter:image:alt" content="${e(head.image.alt)}">`,
  ];
  return tags.join('');
}
