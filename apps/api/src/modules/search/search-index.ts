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

/** Every word met so far with its id, and every name met so far as its words' ids. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [];
  private readonly names = new Map<string, Uint32Array>();

  get size(): number {
    return this.list.length;
  }

  word(id: number): string {
    return this.list[id]!;
  }

  /** A name's distinct words, as ids. */
  of(name: string): Uint32Array {
    let found = this.names.get(name);
    if (!found) {
      found = Uint32Array.from(new Set(words(name)), (w) => {
        let id = this.ids.get(w);
        if (id === undefined) {
          this.ids.set(w, (id = this.list.length));
          this.list.push(w);
        }
        return id;
      });
      this.names.set(name, found);
    }
    return found;
  }
}

/** A record in the index: its names as word ids, each name's distinct words. */
interface Indexed<K extends string, T> extends SearchDocument<K, T> {
  nameWords: Uint32Array[];
}

/** One of the best records of a kind so far. */
interface Hit<K extends string, T> {
  doc: Indexed<K, T>;
  score: number;
}

/**
 * An inverted index over a catalogue's names: each distinct word once, with the records that hold it. A
 * query scans the words (a few hundred for 10 000 jerseys: names repeat), not the records; every query
 * word must match some word of a record. A record scores the sum of its query words' best qualities, plus
 * the largest share of one of its names the query covers (under one typo's worth, so "grêmio" puts Grêmio
 * before Grêmio Novorizontino without outranking a better match), then ranks by popularity. Per-record
 * state lives in typed arrays and only each kind's best few are kept in order, so a one-letter query that
 * matches most of the catalogue stays cheap.
 */
export class SearchIndex<K extends string, T> {
  private readonly docs: Indexed<K, T>[] = [];
  /** By word id: the records that hold the word (none for a word only earlier builds had). */
  private readonly postings: number[][] = [];

  /**
   * `words` keeps the names already split and the word ids across builds: names repeat (a team's in each of
   * its jerseys, a model's in thousands, and all of them in the next build), so each is split once.
   */
  constructor(
    documents: Iterable<SearchDocument<K, T>>,
    private readonly words: Vocabulary = new Vocabulary(),
  ) {
    for (const document of documents) {
      const d = this.docs.length;
      const nameWords = document.names.map((name) => this.words.of(name));
      this.docs.push({ ...document, nameWords });
      for (const name of nameWords)
        for (const w of name) {
          const list = (this.postings[w] ??= []);
          if (list.at(-1) !== d) list.push(d);
        }
    }
  }

  get size(): number {
    return this.docs.length;
  }

  /** Sets the popularity `of` gives (undefined: unchanged), without building the index again. */
  rescore(of: (kind: K, item: T) => number | undefined): void {
    for (const doc of this.docs) doc.popularity = of(doc.kind, doc.item) ?? doc.popularity;
  }

  /** The best `limits[kind]` records of each kind for `query`, best first; none for a query without words. */
  search(query: string, limits: Record<K, number>): Map<K, T[]> {
    const queryWords = [...new Set(words(query))].slice(0, MAX_QUERY_WORDS);
    const answer = new Map<K, T[]>();
    if (queryWords.length === 0) return answer;

    // Per query word: each record's best quality through the vocabulary's words it matches, and the records
    // it reaches; `covered` marks every vocabulary word some query word matches.
    const covered = new Uint8Array(this.words.size);
    const matched = queryWords.map((q, i) => {
      const byDoc = new Uint8Array(this.docs.length);
      const reached: number[] = [];
      this.postings.forEach((docs, w) => {
        const quality = matchQuality(q, this.words.word(w), i === queryWords.length - 1);
        if (quality === 0) return;
        covered[w] = 1;
        for (const d of docs) {
          if (byDoc[d] === 0) reached.push(d);
          if (byDoc[d]! < quality) byDoc[d] = quality;
        }
      });
      return { byDoc, reached };
    });
    matched.sort((a, b) => a.reached.length - b.reached.length);

    const best = new Map<K, Hit<K, T>[]>();
    const [rarest, ...others] = matched;
    candidates: for (const d of rarest!.reached) {
      let score = rarest!.byDoc[d]!;
      for (const other of others) {
        const q = other.byDoc[d]!;
        if (q === 0) continue candidates;
        score += q;
      }
      const doc = this.docs[d]!;
      score += coverage(doc.nameWords, covered) * (TYPO * 0.9);
      let list = best.get(doc.kind);
      if (!list) best.set(doc.kind, (list = []));
      keepBest(list, { doc, score }, limits[doc.kind]);
    }
    for (const [kind, list] of best)
      answer.set(
        kind,
        list.map((h) => h.doc.item),
      );
    return answer;
  }
}

/** Better first: the score, then popularity, then the label. */
function before<K extends string, T>(a: Hit<K, T>, b: Hit<K, T>): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.doc.popularity !== b.doc.popularity) return a.doc.popularity > b.doc.popularity;
  return a.doc.label < b.doc.label;
}

/** Puts `hit` in its place in `list` (best first), which never grows beyond `limit`. */
function keepBest<K extends string, T>(list: Hit<K, T>[], hit: Hit<K, T>, limit: number): void {
  if (list.length === limit && (limit === 0 || !before(hit, list[limit - 1]!))) return;
  let i = list.length;
  while (i > 0 && before(hit, list[i - 1]!)) i--;
  list.splice(i, 0, hit);
  if (list.length > limit) list.pop();
}

/** The largest share of one name's words that some query word matches (1: the query names it whole). */
function coverage(nameWords: readonly Uint32Array[], covered: Uint8Array): number {
  let best = 0;
  for (const name of nameWords) {
    if (name.length === 0) continue;
    let count = 0;
    for (const w of name) count += covered[w]!;
    if (count / name.length > best) best = count / name.length;
  }
  return best;
}
