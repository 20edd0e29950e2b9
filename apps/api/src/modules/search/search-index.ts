import { foldText } from '#lib/search.ts';

// The search's matching and ranking, in memory and the same on every database (docs/decisions/0041-search.md).

/** How well a query word matches a word of a record: the whole word, its start, or within one typo. */
export const EXACT = 4;
export const PREFIX = 2;
export const TYPO = 1;
/** Shorter words must match as typed: one edit away from a three-letter word is too many other words. */
const TYPO_MIN_LENGTH = 4;
/** Words of a query beyond these are ignored (the query's length is capped too). */
const MAX_QUERY_WORDS = 8;

/** Lower case, accents folded, split on anything that is not a letter or a digit. */
export function words(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * Whether `a` and `b` are at most one edit apart: one letter changed, added or removed, or two neighbours
 * swapped (the optimal string alignment distance, Damerau–Levenshtein without repeated edits). Linear.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length > b.length) [a, b] = [b, a];
  if (b.length - a.length > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length < b.length) return a.slice(i) === b.slice(i + 1);
  if (a.slice(i + 1) === b.slice(i + 1)) return true;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

const HAS_LETTER = /\p{L}/u;

/**
 * How `query` (a folded query word) matches `word` (a folded record word), 0 when it does not. Typos are
 * forgiven in words of four characters or more that hold a letter (a season off by one digit is another
 * season); the word still being typed (`last`) may also be a mistyped start of the record's word.
 */
export function matchQuality(query: string, word: string, last: boolean): number {
  if (word === query) return EXACT;
  if (word.startsWith(query)) return PREFIX;
  if (query.length < TYPO_MIN_LENGTH || !HAS_LETTER.test(query)) return 0;
  if (withinOneEdit(query, word)) return TYPO;
  if (last && word.length > query.length)
    for (const length of [query.length - 1, query.length, query.length + 1])
      if (length < word.length && withinOneEdit(query, word.slice(0, length))) return TYPO;
  return 0;
}

/** A record the search may answer: its names (each in either language), its popularity and a stable tie-break. */
export interface SearchDocument<K extends string, T> {
  kind: K;
  item: T;
  /** Every name it goes by (Portuguese, English, its team's, its season…), matched word by word. */
  names: readonly string[];
  /** Orders records that match equally well: votes, reviews, recency. */
  popularity: number;
  /** The last tie-break, so equal records come in the same order every time. */
  label: string;
}

interface Indexed<K extends string, T> extends SearchDocument<K, T> {
  /** Each name's distinct words. */
  nameWords: string[][];
}

/** A match: how well (the query words' qualities and how much of a name they cover) and the record. */
interface Hit<K extends string, T> {
  doc: Indexed<K, T>;
  score: number;
}

/**
 * An inverted index over a catalogue's names: each distinct word once, with the records that hold it. A
 * query scans the words (a few thousand for 10 000 jerseys: names repeat), not the records; every query
 * word must match some word of a record. A record scores the sum of its query words' best qualities, plus
 * the largest share of one of its names the query covers (under one typo's worth, so "grêmio" puts Grêmio
 * before Grêmio Novorizontino without outranking a better match), then ranks by popularity.
 */
export class SearchIndex<K extends string, T> {
  private readonly docs: Indexed<K, T>[];
  private readonly postings = new Map<string, number[]>();

  constructor(documents: Iterable<SearchDocument<K, T>>) {
    this.docs = [...documents].map((d) => ({ ...d, nameWords: d.names.map((n) => [...new Set(words(n))]) }));
    this.docs.forEach((doc, i) => {
      for (const word of new Set(doc.nameWords.flat())) {
        const list = this.postings.get(word);
        if (list) list.push(i);
        else this.postings.set(word, [i]);
      }
    });
  }

  get size(): number {
    return this.docs.length;
  }

  /** The best `limits[kind]` records of each kind for `query`, best first; none for a query without words. */
  search(query: string, limits: Record<K, number>): Map<K, T[]> {
    const queryWords = [...new Set(words(query))].slice(0, MAX_QUERY_WORDS);
    const answer = new Map<K, T[]>();
    if (queryWords.length === 0) return answer;

    // Per query word: the vocabulary's words it matches, and each record's best quality through them.
    const matched = queryWords.map((q, i) => {
      const wordQuality = new Map<string, number>();
      const byDoc = new Map<number, number>();
      for (const [word, docs] of this.postings) {
        const quality = matchQuality(q, word, i === queryWords.length - 1);
        if (quality === 0) continue;
        wordQuality.set(word, quality);
        for (const d of docs) if ((byDoc.get(d) ?? 0) < quality) byDoc.set(d, quality);
      }
      return { wordQuality, byDoc };
    });
    matched.sort((a, b) => a.byDoc.size - b.byDoc.size);

    const hits = new Map<K, Hit<K, T>[]>();
    const [rarest, ...others] = matched;
    for (const [d, quality] of rarest!.byDoc) {
      let score = quality;
      for (const other of others) {
        const q = other.byDoc.get(d);
        if (q === undefined) {
          score = -1;
          break;
        }
        score += q;
      }
      if (score < 0) continue;
      const doc = this.docs[d]!;
      score += coverage(doc.nameWords, matched) * (TYPO * 0.9);
      const list = hits.get(doc.kind);
      if (list) list.push({ doc, score });
      else hits.set(doc.kind, [{ doc, score }]);
    }

    for (const [kind, list] of hits) {
      list.sort(
        (a, b) =>
          b.score - a.score ||
          b.doc.popularity - a.doc.popularity ||
          (a.doc.label < b.doc.label ? -1 : a.doc.label > b.doc.label ? 1 : 0),
      );
      answer.set(
        kind,
        list.slice(0, limits[kind]).map((h) => h.doc.item),
      );
    }
    return answer;
  }
}

/** The largest share of one name's words that some query word matches (1: the query names it whole). */
function coverage(nameWords: readonly string[][], matched: readonly { wordQuality: Map<string, number> }[]): number {
  let best = 0;
  for (const name of nameWords) {
    if (name.length === 0) continue;
    let covered = 0;
    for (const word of name) if (matched.some((m) => m.wordQuality.has(word))) covered++;
    best = Math.max(best, covered / name.length);
  }
  return best;
}
