import { createHash } from 'node:crypto';
import type { Language } from '@manto/contracts';

/**
 * A share image's contents: every text it shows, already in the reader's language, and the pictures it
 * places. Its version is a hash of this object, so the image's URL changes exactly when what it draws does
 * (docs/decisions/0036-head-tags-and-share-images.md).
 */

/** A stored picture: its image id and the variant file drawn from (`640.webp`). */
export interface CardPicture {
  id: string;
  file: string;
}

interface CardBase {
  language: Language;
  /** The site's host, written at the foot of the image. */
  host: string;
}

export interface JerseyCard extends CardBase {
  kind: 'jersey';
  team: string;
  /** "2024/25 · Titular". */
  title: string;
  picture: CardPicture | null;
  rankLabel: string;
  /** "3º" and "de 200"; null when the jersey is not ranked yet. */
  rank: { big: string; small: string } | null;
  scoreLabel: string;
  score: string | null;
  unranked: string;
}

export interface RankingCard extends CardBase {
  kind: 'ranking';
  title: string;
  subtitle: string;
  rows: { rank: string; name: string; score: string; picture: CardPicture | null }[];
  /** Said instead of the rows while the ranking has none. */
  empty: string;
}

export interface TournamentCard extends CardBase {
  kind: 'tournament';
  name: string;
  /** "Quartas de final", "Campeã", "16 camisas · Começa em breve". */
  line: string;
  /** "Rodada 2 de 4 · 8 camisas na disputa"; empty when there is nothing more to say. */
  detail: string;
  /** A completed tournament's champion, drawn large: its team, and its season and model. */
  champion: { team: string; title: string; picture: CardPicture | null } | null;
  /** The best seeds still in (or to be drawn), at most four. */
  pictures: CardPicture[];
}

export interface SiteCard extends CardBase {
  kind: 'site';
  tagline: string;
  call: string;
}

/** One side of a duel's result: its team, its season and model, its picture. */
export interface DuelSide {
  team: string;
  /** "2019 · Titular". */
  title: string;
  picture: CardPicture | null;
}

/** A duel's result as the crowd voted it: the winner beat the loser with this share of the votes. */
export interface DuelCard extends CardBase {
  kind: 'duel';
  winner: DuelSide;
  loser: DuelSide;
  /** "venceu" / "beat", drawn between the two. */
  verb: string;
  /** The winner's share, "63%". */
  percent: string;
  /** "da galera" / "of the fans". */
  crowd: string;
}

/** A voter's own top ten (docs/ranking.md §9), shared from "Meu ranking": no name, no scores, just the order. */
export interface TopCard extends CardBase {
  kind: 'top';
  title: string;
  subtitle: string;
  rows: { rank: string; name: string; picture: CardPicture | null }[];
}

export type ShareCard = JerseyCard | RankingCard | TournamentCard | DuelCard | TopCard | SiteCard;

/** Which page's image: what a share URL names before its language and version. */
export type CardTarget =
  | { kind: 'jersey'; team: string; jersey: string }
  | { kind: 'ranking'; team: string | null }
  | { kind: 'tournament'; slug: string }
  /** The crowd's pick of a pair (team, jersey) and the jersey it beat (otherTeam, otherJersey). */
  | { kind: 'duel'; team: string; jersey: string; otherTeam: string; otherJersey: string }
  /** A shared top ten: its jerseys' codes in order (pages.ts topOf). */
  | { kind: 'top'; codes: string }
  | { kind: 'site' };

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const CARD_TYPE = 'image/png';

/**
 * Bumped when the drawing changes (layout, colours, fonts): every image gets a new URL, so no cache keeps
 * the old drawing under an immutable address.
 */
const DRAWING = 2;

/** The version in a share URL: 10 hex digits of the card's hash. */
export function cardVersion(card: ShareCard): string {
  return createHash('sha256')
    .update(`${DRAWING}\u0000${JSON.stringify(card)}`)
    .digest('hex')
    .slice(0, 10);
}

const segment = encodeURIComponent;

/** The path of a share image: `/api/share/<kind>[/<slugs>]/<language>-<version>.png`. */
export function cardPath(target: CardTarget, card: ShareCard): string {
  const file = `${card.language}-${cardVersion(card)}.png`;
  switch (target.kind) {
    case 'jersey':
      return `/api/share/jersey/${segment(target.team)}/${segment(target.jersey)}/${file}`;
    case 'ranking':
      return target.team ? `/api/share/ranking/${segment(target.team)}/${file}` : `/api/share/ranking/${file}`;
    case 'tournament':
      return `/api/share/tournament/${segment(target.slug)}/${file}`;
    case 'duel':
      return (
        `/api/share/duel/${segment(target.team)}/${segment(target.jersey)}/` +
        `${segment(target.otherTeam)}/${segment(target.otherJersey)}/${file}`
      );
    case 'top':
      return `/api/share/top/${segment(target.codes)}/${file}`;
    case 'site':
      return `/api/share/site/${file}`;
  }
}

/** A share URL's last segment read back: its language and version, or null when it is not one. */
export function parseCardFile(file: string): { language: Language; version: string } | null {
  const m = /^(pt|en)-([0-9a-f]{10})\.png$/.exec(file);
  return m ? { language: m[1] as Language, version: m[2]! } : null;
}

/** The picture variant a card draws from an image's `src` (`/api/images/<id>/640.webp`). */
export function cardPicture(image: { id: string; src: string } | null): CardPicture | null {
  if (!image) return null;
  const file = image.src.split('/').pop() ?? '';
  return /^\d{2,4}\.webp$/.test(file) ? { id: image.id, file } : null;
}

/** A picture's key in a drawing's set of pictures (card-drawer.ts). */
export const pictureKey = (picture: CardPicture) => `${picture.id}/${picture.file}`;

/** Every picture a card places, each once. */
export function cardPictures(card: ShareCard): CardPicture[] {
  const all: (CardPicture | null)[] = [];
  if (card.kind === 'jersey') all.push(card.picture);
  else if (card.kind === 'ranking' || card.kind === 'top') all.push(...card.rows.map((row) => row.picture));
  else if (card.kind === 'tournament') all.push(card.champion?.picture ?? null, ...card.pictures);
  else if (card.kind === 'duel') all.push(card.winner.picture, card.loser.picture);
  const unique = new Map<string, CardPicture>();
  for (const picture of all) if (picture) unique.set(pictureKey(picture), picture);
  return [...unique.values()];
}
