import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Language } from '@manto/contracts';
import { notFound } from '#lib/app-error.ts';
import { Refreshing } from '#lib/refreshing.ts';
import { headMarkup, structuredData } from '#lib/page-head.ts';
import type { HeadTags } from '#lib/spa-page.ts';
import { type CardDrawer, createCardDrawer } from './card-drawer.ts';
import type { ReadPicture } from './card-svg.ts';
import { type CardTarget, cardPath, cardVersion, parseCardFile } from './cards.ts';
import { AGAINST_PARAM, type PublicPages, TOP_PARAM, againstOf, topOf } from './pages.ts';
import { ShareImages } from './share-images.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

const gz = promisify(gzip);

/** The sitemap is rebuilt at most this often (a new jersey or tournament reaches it within the hour). */
const SITEMAP_MS = 60 * 60 * 1000;
/**
 * A page's head tags are kept this long per address and language: the rankings' snapshots are shared for as
 * long (RankingService) and the catalogue's copy for three times that, so the tags are as fresh as the page's
 * data while a page asked for over and over is described once per period (docs/perf/head-tags.md).
 */
const HEAD_MS = 5_000;
const HEAD_ENTRIES = 2_000;

export type ShareAnswer = { kind: 'image'; bytes: Buffer } | { kind: 'moved'; location: string };

/**
 * What makes the public URLs unfurl and be found (ADR 0036): each page's head tags, the share images they
 * point at, robots.txt and the sitemap.
 */
export class SeoService {
  private readonly images = new ShareImages();
  private readonly sitemap: Refreshing<{ xml: string; gzip: Buffer }>;
  private readonly heads = new Map<string, { at: number; value: Promise<HeadTags> }>();

  constructor(
    readonly pages: PublicPages,
    private readonly readPicture: ReadPicture,
    private readonly origin: string,
    private readonly now: () => number = Date.now,
    private readonly drawer: CardDrawer = createCardDrawer(),
  ) {
    this.sitemap = new Refreshing(
      async () => {
        const xml = sitemapXml(origin, await pages.publicPaths());
        return { xml, gzip: await gz(xml, { level: 9 }) };
      },
      SITEMAP_MS,
      now,
    );
  }

  /**
   * The page's head tags and structured data as markup, for the SPA page (lib/spa-page.ts) or a renderer; the
   * same object for an address and language for HEAD_MS (the page handler keeps its finished page by it).
   * `query` is the address's query string (without `?`): of it only the duel's other jersey (AGAINST_PARAM)
   * and a shared top (TOP_PARAM) change the tags, and only those parts key them.
   */
  headTags(pathname: string, language: Language, query?: string): Promise<HeadTags> {
    const against = againstOf(query);
    const top = topOf(query);
    const key =
      `${language}${pathname}${against ? `?${AGAINST_PARAM}=${against.team}/${against.jersey}` : ''}` +
      (top ? `?${TOP_PARAM}=${top}` : '');
    const hit = this.heads.get(key);
    if (hit && this.now() - hit.at < HEAD_MS) return hit.value;
    const value = this.pages.head(pathname, language, query).then((head) => ({
      tags: headMarkup(head, this.origin, language),
      data: structuredData(head, this.origin, language),
    }));
    this.heads.delete(key);
    if (this.heads.size >= HEAD_ENTRIES) this.heads.delete(this.heads.keys().next().value!);
    this.heads.set(key, { at: this.now(), value });
    return value;
  }

  /**
   * The share image a URL names. Its version must be the one drawn from today's data: an older one (the data
   * changed since the page was read) is sent on to the current URL, never answered with today's drawing
   * under the old, immutable address. Unknown targets and malformed files are 404.
   */
  async shareImage(target: CardTarget, file: string): Promise<ShareAnswer> {
    const asked = parseCardFile(file);
    if (!asked) throw notFound();
    const card = await this.pages.card(target, asked.language);
    if (!card) throw notFound();
    const version = cardVersion(card);
    if (version !== asked.version) return { kind: 'moved', location: cardPath(target, card) };
    const key = cardPath(target, card);
    const bytes = await this.images.get(key, () => this.drawer.draw(card, this.readPicture));
    return { kind: 'image', bytes };
  }

  /** Stops the process that draws the share images. */
  close(): Promise<void> {
    return this.drawer.close();
  }

  /** Drawn and cached share images (tests and the docs' figures). */
  shareImageStats() {
    return this.images.stats();
  }

  sitemapXml() {
    return this.sitemap.get();
  }

  robotsTxt(): string {
    return robotsTxt(this.origin);
  }
}
