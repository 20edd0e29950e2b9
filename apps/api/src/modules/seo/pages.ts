import type { JerseySummary, Language, RankingRow, TeamArticle, TournamentDetail } from '@manto/contracts';
import { AppError } from '#lib/app-error.ts';
import type { PageHead } from '#lib/page-head.ts';
import { GLOBAL, teamScope } from '#lib/scopes.ts';
import type { CatalogueCache, CatalogueJersey, CatalogueRef } from '#modules/jerseys/index.ts';
import type { RankingService } from '#modules/rankings/index.ts';
import type { TeamService } from '#modules/teams/index.ts';
import type { TournamentService } from '#modules/tournaments/index.ts';
import { CARD_HEIGHT, CARD_TYPE, CARD_WIDTH, type CardTarget, type ShareCard, cardPath, cardPicture } from './cards.ts';
import { type CrowdTallies, winnerShare } from './crowd.ts';
import { TEXTS, type TeamWords, roundName, score } from './texts.ts';

/** The services the pages are described from (no SQL of its own: ADR 0036). */
export interface PageSources {
  catalogue: CatalogueCache;
  rankings: RankingService;
  teams: TeamService;
  tournaments: TournamentService;
}

/** What PublicPages reads: the services, and the crowd's tally of a pair for a shared duel's result. */
export type PublicPageSources = PageSources & { crowd: CrowdTallies };

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The query parameter that makes a jersey's page a duel's result: the jersey it beat, `contra=<team>/<jersey>`
 * (`/app/camisas/time/flamengo/2019-titular?contra=gremio/2019-reserva`). The page is the jersey's; its head
 * tags and share image are the duel's.
 */
export const AGAINST_PARAM = 'contra';

/** The other jersey a query string names (`contra=<team>/<jersey>`), or null when it names none. */
export function againstOf(query: string | undefined): { team: string; jersey: string } | null {
  if (!query) return null;
  const parts = new URLSearchParams(query).get(AGAINST_PARAM)?.split('/') ?? [];
  if (parts.length !== 2 || parts.some((part) => part.length === 0 || part.length > 200)) return null;
  return { team: parts[0]!, jersey: parts[1]! };
}

/** A tournament's view is read from the database: kept this long per slug (its round changes every hours). */
const TOURNAMENT_MS = 30_000;
const TOURNAMENT_ENTRIES = 200;
/** Rows a ranking's image and its structured data name. */
const TOP = 5;

/**
 * The query parameter that makes "Meu ranking" a shared top ten: its jerseys in order, each named by the
 * first TOP_CODE hex digits of its id, joined by dots (`/app/rankings/meu?top=1a2b3c4d5e.6f7a8b9c0d…`). The
 * page is the visitor's own; its head tags and share image are the sharer's top.
 */
export const TOP_PARAM = 'top';
/** Hex digits of a jersey id in a shared top: 40 bits, so two of 10 000 jerseys share one about once in 10⁴ tops. */
export const TOP_CODE = 10;
const TOP_SIZE = 10;

/** The codes a query string's top names, normalised (lower case, at most TOP_SIZE), or null. */
export function topOf(query: string | undefined): string | null {
  if (!query) return null;
  const codes = (new URLSearchParams(query).get(TOP_PARAM) ?? '').toLowerCase().split('.').slice(0, TOP_SIZE);
  const valid = codes.filter((code) => new RegExp(`^[0-9a-f]{${TOP_CODE}}$`).test(code));
  return valid.length > 0 && valid.length === codes.length ? valid.join('.') : null;
}

/** A public address, parsed: which screen and the slugs it names (docs/product.md §2). */
export type PageRoute =
  | { page: 'home' | 'ranking' | 'teamRankings' | 'method' | 'compareTeams' | 'jerseys' | 'tournaments' }
  /** "Meu ranking": personal, so never indexed; shared as a top ten (TOP_PARAM). */
  | { page: 'mine' }
  | { page: 'terms' | 'privacy' | 'shop' | 'other' }
  | { page: 'teamRanking' | 'fans' | 'teamJerseys'; team: string }
  | { page: 'teamDuel'; team: string; model: string | null }
  | { page: 'jersey'; team: string; jersey: string }
  | { page: 'tournament' | 'tournamentVote'; slug: string };

/** The screen an address under /app shows; `other` for sign-in, Sistema and addresses no screen has. */
export function routeOf(pathname: string, shop = false): PageRoute {
  const rest = pathname.replace(/^\/app(\/|$)/, '');
  let s: string[];
  try {
    s = rest.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { page: 'other' };
  }
  const [a, b, c, d] = s;
  const n = s.length;
  if (n === 0) return { page: 'home' };
  if (a === 'rankings') {
    if (n === 1) return { page: 'ranking' };
    if (b === 'times')
      return n === 2 ? { page: 'teamRankings' } : n === 3 ? { page: 'teamRanking', team: c! } : { page: 'other' };
    if (b === 'como-funciona' && n === 2) return { page: 'method' };
    if (b === 'meu' && n === 2) return { page: 'mine' };
    if (b === 'torcidas' && n === 3) return { page: 'fans', team: c! };
  }
  if (a === 'comparar' && b === 'times') {
    if (n === 2) return { page: 'compareTeams' };
    if (n === 3 || n === 4) return { page: 'teamDuel', team: c!, model: d ?? null };
  }
  if (a === 'camisas') {
    if (n === 1) return { page: 'jerseys' };
    if (b === 'time' && n === 3) return { page: 'teamJerseys', team: c! };
    if (b === 'time' && n === 4) return { page: 'jersey', team: c!, jersey: d! };
  }
  if (a === 'torneios') {
    if (n === 1) return { page: 'tournaments' };
    if (n === 2) return { page: 'tournament', slug: b! };
    if (n === 3 && c === 'votar') return { page: 'tournamentVote', slug: b! };
  }
  if (n === 1 && a === 'termos') return { page: 'terms' };
  if (n === 1 && a === 'privacidade') return { page: 'privacy' };
  if (shop && a === 'loja' && n <= 2) return { page: 'shop' };
  return { page: 'other' };
}

const seg = encodeURIComponent;
export const PATHS = {
  home: '/app/',
  ranking: '/app/rankings',
  teamRankings: '/app/rankings/times',
  teamRanking: (team: string) => `/app/rankings/times/${seg(team)}`,
  method: '/app/rankings/como-funciona',
  mine: '/app/rankings/meu',
  fans: (team: string) => `/app/rankings/torcidas/${seg(team)}`,
  compareTeams: '/app/comparar/times',
  teamDuel: (team: string, model: string | null) => `/app/comparar/times/${seg(team)}${model ? `/${seg(model)}` : ''}`,
  jerseys: '/app/camisas',
  teamJerseys: (team: string) => `/app/camisas/time/${seg(team)}`,
  jersey: (team: string, jersey: string) => `/app/camisas/time/${seg(team)}/${seg(jersey)}`,
  tournaments: '/app/torneios',
  tournament: (slug: string) => `/app/torneios/${seg(slug)}`,
  tournamentVote: (slug: string) => `/app/torneios/${seg(slug)}/votar`,
  terms: '/app/termos',
  privacy: '/app/privacidade',
  shop: '/app/loja',
};

const local = (language: Language, x: { name: string; nameEn?: string | null }) =>
  (language === 'en' && x.nameEn) || x.name;
/** How every screen names a jersey: "Flamengo 2024/25 · Titular" (apps/web/src/lib/names.ts, jerseyName). */
const jerseyName = (language: Language, j: Pick<JerseySummary, 'team' | 'model' | 'modelYear'>) =>
  `${local(language, j.team)} ${j.modelYear} · ${local(language, j.model)}`;
/** "2024/25 · Titular": a jersey among its team's (jerseyInTeam). */
const jerseyInTeam = (language: Language, j: Pick<JerseySummary, 'model' | 'modelYear'>) =>
  `${j.modelYear} · ${local(language, j.model)}`;
const tournamentName = (language: Language, t: { namePt: string; nameEn: string }) =>
  (language === 'en' && t.nameEn.trim()) || t.namePt;

interface TeamFacts {
  ref: CatalogueRef;
  article: TeamArticle;
  /** Its active jerseys in the catalogue's copy. */
  jerseys: number;
}

/**
 * What a public page says about itself and what its share image draws, for an address and a language:
 * read from the catalogue copy, the ranking snapshots and the tournaments through their services. Nothing
 * here throws at a page: data that cannot be read gives the generic head (the page goes out all the same).
 */
export class PublicPages {
  private readonly host: string;
  private readonly tournamentViews = new Map<string, { at: number; value: Promise<TournamentDetail | null> }>();
  private readonly teamIndex = new WeakMap<ReadonlyMap<string, CatalogueJersey>, Map<string, CatalogueJersey[]>>();
  private readonly rowIndex = new WeakMap<RankingRow[], Map<string, RankingRow>>();
  /** Active jerseys by their code in a shared top (null: two share it). */
  private readonly codeIndex = new WeakMap<ReadonlyMap<string, CatalogueJersey>, Map<string, CatalogueJersey | null>>();

  constructor(
    private readonly sources: PublicPageSources,
    private readonly options: { origin: string; shop: boolean; log: Log; now?: () => number },
  ) {
    this.host = new URL(options.origin).host;
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  /**
   * The head of the page at `pathname` (under /app) in `language`; generic when its data cannot be read. A
   * jersey's page whose query string names the jersey it beat (AGAINST_PARAM) gets the duel's result's head
   * when the crowd's tally says so, its own otherwise.
   */
  async head(pathname: string, language: Language, query?: string): Promise<PageHead> {
    const route = routeOf(pathname, this.options.shop);
    try {
      // A jersey's page shared as a duel's result (AGAINST_PARAM): the duel's head, when there is a result.
      const against = route.page === 'jersey' ? againstOf(query) : null;
      const duel =
        route.page === 'jersey' && against ? await this.duelHead(route.team, route.jersey, against, language) : null;
      // "Meu ranking" shared as a top ten (TOP_PARAM): the top's head.
      const codes = route.page === 'mine' ? topOf(query) : null;
      const top = codes ? await this.topHead(codes, language) : null;
      return duel ?? top ?? (await this.describe(route, language)) ?? this.generic(route, pathname, language, true);
    } catch (error) {
      this.options.log.warn({ err: error, pathname }, 'page without its own head tags: its data did not load');
      return this.generic(route, pathname, language, false);
    }
  }

  /** The share image's contents for a target in `language`, or null when the target does not exist. */
  async card(target: CardTarget, language: Language): Promise<ShareCard | null> {
    switch (target.kind) {
      case 'site':
        return this.siteCard(language);
      case 'jersey': {
        const facts = await this.jerseyFacts(target.team, target.jersey);
        return facts && this.jerseyCard(facts, language);
      }
      case 'ranking': {
        const team = target.team === null ? null : await this.teamFacts(target.team);
        if (target.team !== null && !team) return null;
        return this.rankingCard(team, await this.rows(team?.ref.id ?? null), language);
      }
      case 'tournament': {
        const view = await this.tournament(target.slug);
        return view && this.tournamentCard(view, language);
      }
      case 'duel': {
        const against = { team: target.otherTeam, jersey: target.otherJersey };
        const facts = await this.duelFacts(target.team, target.jersey, against);
        return facts && this.duelCard(facts, language);
      }
      case 'top': {
        const jerseys =
          target.codes === topOf(`${TOP_PARAM}=${target.codes}`) ? await this.topJerseys(target.codes) : [];
        return jerseys.length > 0 ? this.topCard(jerseys, language) : null;
      }
    }
  }

  // ---- facts ----

  private async jerseyFacts(teamSlug: string, jerseySlug: string) {
    const jersey = await this.sources.catalogue.activeJersey(teamSlug, jerseySlug);
    if (!jersey) return null;
    const rows = await this.rows(null);
    let index = this.rowIndex.get(rows);
    if (!index) this.rowIndex.set(rows, (index = new Map(rows.map((r) => [r.jersey.id, r]))));
    const row = index.get(jersey.id);
    return { jersey, standing: row ? { rank: row.rank, of: rows.length, score: row.score } : null };
  }

  /**
   * A duel's result: the jersey at (teamSlug, jerseySlug) beat the one `against` names, by the crowd's tally of
   * the pair. Null when either is unknown or inactive, they are the same, nobody voted, or it is a draw or the
   * other leads: the address's jersey is not the crowd's pick, so there is no result to tell.
   */
  private async duelFacts(teamSlug: string, jerseySlug: string, against: { team: string; jersey: string }) {
    const [winner, loser] = await Promise.all([
      this.sources.catalogue.activeJersey(teamSlug, jerseySlug),
      this.sources.catalogue.activeJersey(against.team, against.jersey),
    ]);
    if (!winner || !loser || winner.id === loser.id) return null;
    const tally = await this.sources.crowd.tally(winner.id, loser.id);
    if (tally.wins <= tally.losses) return null;
    return { winner, loser, percent: winnerShare(tally), votes: tally.wins + tally.losses + tally.ties };
  }

  /** A team by slug, with the article its Portuguese texts take and its active jerseys' count. */
  private async teamFacts(slug: string): Promise<TeamFacts | null> {
    const ref = await this.sources.catalogue.team(slug);
    if (!ref) return null;
    const jerseys = await this.sources.catalogue.jerseys();
    let byTeam = this.teamIndex.get(jerseys);
    if (!byTeam) {
      byTeam = new Map();
      for (const j of jerseys.values()) if (j.active) byTeam.set(j.teamId, [...(byTeam.get(j.teamId) ?? []), j]);
      this.teamIndex.set(jerseys, byTeam);
    }
    const own = byTeam.get(ref.id) ?? [];
    // A team without active jerseys is in no jersey's summary: its article is read from the team itself.
    const article = own[0]?.team.article ?? (await this.sources.teams.bySlug(slug)).article;
    return { ref, article, jerseys: own.length };
  }

  /** The global ranking's rows (or a team's), from the rankings' shared snapshot. */
  private async rows(teamId: string | null): Promise<RankingRow[]> {
    const snapshot = await this.sources.rankings.snapshot(teamId ? teamScope(teamId) : GLOBAL);
    return snapshot?.rows ?? [];
  }

  /** A tournament's view by slug, shared for a while (null when there is none). */
  private tournament(slug: string): Promise<TournamentDetail | null> {
    const hit = this.tournamentViews.get(slug);
    if (hit && this.now() - hit.at < TOURNAMENT_MS) return hit.value;
    const value = this.sources.tournaments.detail(slug).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    });
    this.tournamentViews.delete(slug);
    this.tournamentViews.set(slug, { at: this.now(), value });
    value.catch(() => this.tournamentViews.delete(slug));
    if (this.tournamentViews.size > TOURNAMENT_ENTRIES)
      this.tournamentViews.delete(this.tournamentViews.keys().next().value!);
    return value;
  }

  // ---- cards ----

  private siteCard(language: Language): ShareCard {
    const t = TEXTS[language];
    return { kind: 'site', language, host: this.host, tagline: t.cardTagline, call: t.cardCall };
  }

  private jerseyCard(
    { jersey, standing }: NonNullable<Awaited<ReturnType<PublicPages['jerseyFacts']>>>,
    language: Language,
  ): ShareCard {
    const t = TEXTS[language];
    return {
      kind: 'jersey',
      language,
      host: this.host,
      team: local(language, jersey.team),
      title: jerseyInTeam(language, jersey),
      picture: cardPicture(jersey.image),
      rankLabel: t.cardRankLabel,
      rank: standing && t.cardRank(standing.rank, standing.of),
      scoreLabel: t.cardScoreLabel,
      score: standing && score(language, standing.score),
      unranked: t.cardUnranked,
    };
  }

  private rankingCard(team: TeamFacts | null, rows: RankingRow[], language: Language): ShareCard {
    const t = TEXTS[language];
    return {
      kind: 'ranking',
      language,
      host: this.host,
      title: team ? t.teamRanking(this.words(team, language)) : t.globalRanking,
      subtitle: t.cardTop,
      rows: rows.slice(0, TOP).map((r) => ({
        rank: language === 'pt' ? `${r.rank}º` : `#${r.rank}`,
        name: team ? jerseyInTeam(language, r.jersey) : jerseyName(language, r.jersey),
        score: score(language, r.score),
        picture: cardPicture(r.jersey.image),
      })),
      empty: t.cardEmptyRanking,
    };
  }

  private tournamentCard(view: TournamentDetail, language: Language): ShareCard {
    const t = TEXTS[language];
    const base = { kind: 'tournament' as const, language, host: this.host, name: tournamentName(language, view) };
    if (view.champion)
      return {
        ...base,
        line: t.cardChampion,
        detail: '',
        champion: {
          team: local(language, view.champion.team),
          title: jerseyInTeam(language, view.champion),
          picture: cardPicture(view.champion.image),
        },
        pictures: [],
      };
    const alive = aliveOf(view);
    if (view.status === 'upcoming' || alive.length === 0) {
      const seeds =
        view.topSeeds.length > 0
          ? view.topSeeds
          : (view.preview ?? [])
              .flatMap((m) => [m.a, m.b])
              .sort((x, y) => x.seed - y.seed)
              .map((s) => s.jersey);
      return {
        ...base,
        line: t.cardStartsSoon(view.size),
        detail: '',
        champion: null,
        pictures: seeds.slice(0, 4).flatMap((j) => cardPicture(j.image) ?? []),
      };
    }
    const rounds = Math.round(Math.log2(view.size));
    const round = view.currentRound ?? view.rounds.at(-1)?.round ?? 1;
    return {
      ...base,
      line: roundName(language, view.size, round),
      detail: `${t.cardRoundOf(round, rounds)} · ${t.cardAlive(alive.length)}`,
      champion: null,
      pictures: alive.slice(0, 4).flatMap((s) => cardPicture(s.jersey.image) ?? []),
    };
  }

  private duelCard(
    { winner, loser, percent }: NonNullable<Awaited<ReturnType<PublicPages['duelFacts']>>>,
    language: Language,
  ): ShareCard {
    const t = TEXTS[language];
    const side = (j: CatalogueJersey) => ({
      team: local(language, j.team),
      title: jerseyInTeam(language, j),
      picture: cardPicture(j.image),
    });
    return {
      kind: 'duel',
      language,
      host: this.host,
      winner: side(winner),
      loser: side(loser),
      verb: t.cardBeat,
      percent: `${percent}%`,
      crowd: t.cardCrowd,
    };
  }

  /** The active jerseys a top's codes name, in order; a code that names none (or two) is left out. */
  private async topJerseys(codes: string): Promise<CatalogueJersey[]> {
    const catalogue = await this.sources.catalogue.jerseys();
    let index = this.codeIndex.get(catalogue);
    if (!index) {
      index = new Map();
      for (const jersey of catalogue.values()) {
        if (!jersey.active) continue;
        const code = jersey.id.replace(/-/g, '').slice(0, TOP_CODE);
        index.set(code, index.has(code) ? null : jersey);
      }
      this.codeIndex.set(catalogue, index);
    }
    return codes.split('.').flatMap((code) => index.get(code) ?? []);
  }

  private topCard(jerseys: CatalogueJersey[], language: Language): ShareCard {
    const t = TEXTS[language];
    return {
      kind: 'top',
      language,
      host: this.host,
      title: t.cardTopTitle(jerseys.length),
      subtitle: t.cardTopSubtitle,
      rows: jerseys.map((j, i) => ({
        rank: `${i + 1}`,
        name: `${local(language, j.team)} ${j.modelYear}`,
        picture: cardPicture(j.image),
      })),
    };
  }

  private async topHead(codes: string, language: Language): Promise<PageHead | null> {
    const jerseys = await this.topJerseys(codes);
    if (jerseys.length === 0) return null;
    const t = TEXTS[language];
    const names = jerseys.map((j) => jerseyName(language, j));
    const title = t.cardTopTitle(jerseys.length);
    return {
      title: t.page(title),
      description: t.topAbout(names.slice(0, 3)),
      path: PATHS.mine,
      type: 'website',
      image: this.image({ kind: 'top', codes }, this.topCard(jerseys, language), t.topAlt(title, names)),
      noindex: true,
    };
  }

  private image(target: CardTarget, card: ShareCard, alt: string): PageHead['image'] {
    return { path: cardPath(target, card), width: CARD_WIDTH, height: CARD_HEIGHT, alt, type: CARD_TYPE };
  }

  private words(team: TeamFacts, language: Language): TeamWords {
    return { name: local(language, team.ref), article: team.article };
  }

  // ---- heads ----

  /** The head every page without data of its own has; `noindex` for addresses that are no public page. */
  private generic(route: PageRoute, pathname: string, language: Language, noindex: boolean): PageHead {
    const t = TEXTS[language];
    // The address as asked for, without a trailing slash (the home page is `/app/`).
    const path = route.page === 'home' ? PATHS.home : pathname.replace(/(.)\/+$/, '$1');
    return {
      title: route.page === 'home' ? t.homeTitle : 'Manto',
      description: t.pitch,
      path,
      type: 'website',
      image: this.image({ kind: 'site' }, this.siteCard(language), t.siteAlt),
      noindex: noindex || route.page === 'other' || route.page === 'mine',
    };
  }

  /** A page of the site whose image is the site's own. */
  private plain(language: Language, path: string, title: string, description: string): PageHead {
    const t = TEXTS[language];
    return {
      title: t.page(title),
      description,
      path,
      type: 'website',
      image: this.image({ kind: 'site' }, this.siteCard(language), t.siteAlt),
    };
  }

  /** The head of a route, or null when the address names nothing that exists (the web shows not-found). */
  private async describe(route: PageRoute, language: Language): Promise<PageHead | null> {
    const t = TEXTS[language];
    switch (route.page) {
      case 'home':
        return { ...this.plain(language, PATHS.home, '', t.pitch), title: t.homeTitle };
      case 'teamRankings':
        return this.plain(language, PATHS.teamRankings, t.teamRankings, t.teamRankingsAbout);
      case 'method':
        return {
          ...this.plain(language, PATHS.method, t.method, t.methodAbout),
          breadcrumbs: [
            { name: t.globalRanking, path: PATHS.ranking },
            { name: t.method, path: PATHS.method },
          ],
        };
      case 'compareTeams':
        return this.plain(language, PATHS.compareTeams, t.compareTeams, t.compareTeamsAbout);
      case 'jerseys':
        return this.plain(language, PATHS.jerseys, t.jerseys, t.jerseysAbout);
      case 'tournaments':
        return this.plain(language, PATHS.tournaments, t.tournaments, t.tournamentsAbout);
      case 'terms':
        return this.plain(language, PATHS.terms, t.terms, t.termsAbout);
      case 'privacy':
        return this.plain(language, PATHS.privacy, t.privacy, t.privacyAbout);
      case 'shop':
        return this.plain(language, PATHS.shop, t.shop, t.shopAbout);
      case 'mine':
        return { ...this.plain(language, PATHS.mine, t.mine, t.mineAbout), noindex: true };
      case 'other':
        return null;
      case 'ranking':
        return this.rankingHead(null, language);
      case 'teamRanking': {
        const team = await this.teamFacts(route.team);
        return team && this.rankingHead(team, language);
      }
      case 'fans': {
        const team = await this.teamFacts(route.team);
        if (!team) return null;
        const words = this.words(team, language);
        return {
          ...this.plain(language, PATHS.fans(team.ref.slug), t.fans(words), t.fansAbout(words)),
          breadcrumbs: [
            { name: t.globalRanking, path: PATHS.ranking },
            { name: words.name, path: PATHS.fans(team.ref.slug) },
          ],
        };
      }
      case 'teamDuel': {
        const team = await this.teamFacts(route.team);
        if (!team) return null;
        const model = route.model === null ? null : await this.sources.catalogue.model(route.model);
        if (route.model !== null && !model) return null;
        const words = this.words(team, language);
        const title = model ? t.modelDuel(words.name, local(language, model)) : t.teamDuel(words.name);
        return this.plain(language, PATHS.teamDuel(team.ref.slug, model?.slug ?? null), title, t.teamDuelAbout(words));
      }
      case 'teamJerseys': {
        const team = await this.teamFacts(route.team);
        if (!team) return null;
        const words = this.words(team, language);
        const path = PATHS.teamJerseys(team.ref.slug);
        const rows = await this.rows(team.ref.id);
        const card = this.rankingCard(team, rows, language);
        return {
          title: t.page(t.teamJerseys(words)),
          description: t.teamJerseysAbout(words, team.jerseys),
          path,
          type: 'website',
          image: this.image({ kind: 'ranking', team: team.ref.slug }, card, t.rankingAlt(t.teamRanking(words))),
          breadcrumbs: [
            { name: t.jerseys, path: PATHS.jerseys },
            { name: words.name, path },
          ],
        };
      }
      case 'jersey': {
        const facts = await this.jerseyFacts(route.team, route.jersey);
        if (!facts) return null;
        const { jersey, standing } = facts;
        const name = jerseyName(language, jersey);
        const path = PATHS.jersey(jersey.team.slug, jersey.slug);
        const target: CardTarget = { kind: 'jersey', team: jersey.team.slug, jersey: jersey.slug };
        return {
          title: t.page(name),
          description: standing
            ? t.jerseyRanked(name, standing.rank, standing.of, score(language, standing.score))
            : t.jerseyUnranked(name),
          path,
          type: 'article',
          image: this.image(target, this.jerseyCard(facts, language), t.jerseyAlt(name)),
          breadcrumbs: this.jerseyCrumbs(jersey, language),
        };
      }
      case 'tournament':
      case 'tournamentVote': {
        const view = await this.tournament(route.slug);
        if (!view) return null;
        const name = tournamentName(language, view);
        const path = route.page === 'tournament' ? PATHS.tournament(view.slug) : PATHS.tournamentVote(view.slug);
        const alive = aliveOf(view);
        const description = view.champion
          ? t.tournamentChampion(jerseyName(language, view.champion), view.size)
          : view.status === 'upcoming' || alive.length === 0
            ? t.tournamentUpcoming(view.size)
            : t.tournamentOngoing(
                roundName(language, view.size, view.currentRound ?? view.rounds.at(-1)?.round ?? 1),
                alive.slice(0, 3).map((s) => jerseyName(language, s.jersey)),
                Math.max(0, alive.length - 3),
              );
        return {
          title: t.page(route.page === 'tournament' ? name : t.tournamentVote(name)),
          description,
          path,
          type: 'website',
          image: this.image(
            { kind: 'tournament', slug: view.slug },
            this.tournamentCard(view, language),
            t.tournamentAlt(name),
          ),
          breadcrumbs: [
            { name: t.tournaments, path: PATHS.tournaments },
            { name, path: PATHS.tournament(view.slug) },
          ],
        };
      }
    }
  }

  /**
   * A jersey's page shared as a duel's result: titled and described as the result ("X venceu Y — 63% da
   * galera"), the duel's image; its address, canonical and breadcrumbs the jersey page's. Null (the jersey's
   * own head) when there is no result to tell, or the tally cannot be read.
   */
  private async duelHead(
    teamSlug: string,
    jerseySlug: string,
    against: { team: string; jersey: string },
    language: Language,
  ): Promise<PageHead | null> {
    let facts;
    try {
      facts = await this.duelFacts(teamSlug, jerseySlug, against);
    } catch (error) {
      this.options.log.warn({ err: error, against }, "a duel's result without its head tags: its tally did not load");
      return null;
    }
    if (!facts) return null;
    const t = TEXTS[language];
    const { winner, loser, percent, votes } = facts;
    const [winnerName, loserName] = [jerseyName(language, winner), jerseyName(language, loser)];
    const target: CardTarget = {
      kind: 'duel',
      team: winner.team.slug,
      jersey: winner.slug,
      otherTeam: loser.team.slug,
      otherJersey: loser.slug,
    };
    return {
      title: t.page(t.duelResult(winnerName, loserName, percent)),
      description: t.duelAbout(winnerName, loserName, percent, votes),
      path: PATHS.jersey(winner.team.slug, winner.slug),
      type: 'article',
      image: this.image(target, this.duelCard(facts, language), t.duelAlt(winnerName, loserName, percent)),
      breadcrumbs: this.jerseyCrumbs(winner, language),
    };
  }

  /** A jersey page's breadcrumbs: the jerseys, its team's, itself. */
  private jerseyCrumbs(jersey: CatalogueJersey, language: Language): PageHead['breadcrumbs'] {
    const t = TEXTS[language];
    return [
      { name: t.jerseys, path: PATHS.jerseys },
      { name: local(language, jersey.team), path: PATHS.teamJerseys(jersey.team.slug) },
      { name: jerseyInTeam(language, jersey), path: PATHS.jersey(jersey.team.slug, jersey.slug) },
    ];
  }

  private async rankingHead(team: TeamFacts | null, language: Language): Promise<PageHead> {
    const t = TEXTS[language];
    const rows = await this.rows(team?.ref.id ?? null);
    const words = team && this.words(team, language);
    const title = words ? t.teamRanking(words) : t.globalRanking;
    const about = words ? t.teamRankingAbout(words) : t.globalRankingAbout;
    const top = rows[0];
    const leader =
      top &&
      t.leader(
        words ? jerseyInTeam(language, top.jersey) : jerseyName(language, top.jersey),
        score(language, top.score),
      );
    const path = team ? PATHS.teamRanking(team.ref.slug) : PATHS.ranking;
    return {
      title: t.page(title),
      description: leader ? `${about} ${leader}` : about,
      path,
      type: 'website',
      image: this.image(
        { kind: 'ranking', team: team?.ref.slug ?? null },
        this.rankingCard(team, rows, language),
        t.rankingAlt(title),
      ),
      ...(team
        ? {
            breadcrumbs: [
              { name: t.teamRankings, path: PATHS.teamRankings },
              { name: words!.name, path },
            ],
          }
        : {}),
      list: rows.slice(0, TOP).map((r) => ({
        name: jerseyName(language, r.jersey),
        path: PATHS.jersey(r.jersey.team.slug, r.jersey.slug),
      })),
    };
  }

  // ---- the sitemap's list ----

  /** Every public page's path: the sitemap (docs/product.md §2; not the duels, which change with each visit). */
  async publicPaths(): Promise<string[]> {
    const paths = [
      PATHS.home,
      PATHS.ranking,
      PATHS.teamRankings,
      PATHS.method,
      PATHS.jerseys,
      PATHS.compareTeams,
      PATHS.tournaments,
      PATHS.terms,
      PATHS.privacy,
      ...(this.options.shop ? [PATHS.shop] : []),
    ];
    const jerseys = [...(await this.sources.catalogue.jerseys()).values()].filter((j) => j.active);
    const teams = [...new Set(jerseys.map((j) => j.team.slug))].sort();
    for (const team of teams) paths.push(PATHS.teamJerseys(team), PATHS.teamRanking(team));
    for (const j of jerseys.sort((a, b) => a.team.slug.localeCompare(b.team.slug) || a.slug.localeCompare(b.slug)))
      paths.push(PATHS.jersey(j.team.slug, j.slug));
    for (let page = 1; ; page++) {
      const list = await this.sources.tournaments.list({ page, pageSize: 100 });
      paths.push(...list.items.map((tournament) => PATHS.tournament(tournament.slug)));
      if (page * list.pageSize >= list.total || list.items.length === 0) break;
    }
    return paths;
  }
}

/** The jerseys still in a tournament: both sides of the last round's undecided matches and its winners, best seed first. */
function aliveOf(view: TournamentDetail) {
  const last = view.rounds.at(-1);
  if (!last) return [];
  return last.matches
    .flatMap((m) => (m.winnerId ? [m.a.jersey.id === m.winnerId ? m.a : m.b] : [m.a, m.b]))
    .sort((x, y) => x.seed - y.seed);
}
