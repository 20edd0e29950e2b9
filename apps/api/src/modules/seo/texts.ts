import { type Language, PT_OF, type TeamArticle } from '@manto/contracts';

/**
 * What the head tags and the share images say, per language. The titles are the web's own (the screens'
 * headings and `common.documentTitle`, which the app's `useDocumentTitle` sets on client-side navigation):
 * texts.test.ts checks them against apps/web/public/locales. Descriptions and the images' words are the
 * server's alone.
 */

/** A team as a text names it: its name in the page's language and the Portuguese article. */
export interface TeamWords {
  name: string;
  article: TeamArticle;
}

/** "do Flamengo", "da Alemanha" (Portuguese contracts "de" with the team's article; docs/product.md §8). */
const ofTeam = (team: TeamWords) => `${PT_OF[team.article]} ${team.name}`;

const numberFormats: Record<Language, Intl.NumberFormat> = {
  pt: new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0, useGrouping: false }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0, useGrouping: false }),
};
/** A score as the screens write it: a whole number without grouping (apps/web/src/lib/interval.ts). */
export const score = (language: Language, value: number) => numberFormats[language].format(Math.round(value));

const countFormats: Record<Language, Intl.NumberFormat> = {
  pt: new Intl.NumberFormat('pt-BR'),
  en: new Intl.NumberFormat('en-GB'),
};
/** A count as a sentence writes it: "1.234" / "1,234". */
const count = (language: Language, value: number) => countFormats[language].format(value);

/** "A, B e C" / "A, B and C". */
function list(language: Language, items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${language === 'pt' ? 'e' : 'and'} ${items.at(-1)}`;
}

/** Round names by how many matches the round holds (the web's `tournaments.rounds`). */
const ROUNDS: Record<Language, string[]> = {
  pt: ['Final', 'Semifinal', 'Quartas de final', 'Oitavas de final', '16 avos de final', '32 avos de final'],
  en: ['Final', 'Semi-finals', 'Quarter-finals', 'Round of 16', 'Round of 32', 'Round of 64'],
};
/** The name of round `round` (1 = first) of a bracket of `size` jerseys. */
export function roundName(language: Language, size: number, round: number): string {
  const matches = Math.max(1, Math.round(size / 2 ** round));
  const names = ROUNDS[language];
  return names[Math.min(Math.round(Math.log2(matches)), names.length - 1)]!;
}

const pt = {
  page: (page: string) => `${page} | Manto`,
  homeTitle: 'Manto · Duelo de camisas de futebol',
  pitch:
    'Qual é a camisa mais bonita do futebol? Compare camisas lado a lado, vote nas suas favoritas e acompanhe o ranking.',
  globalRanking: 'Ranking global',
  globalRankingAbout: 'As camisas mais bonitas segundo os votos de todos os duelos.',
  teamRanking: (team: TeamWords) => `Ranking ${ofTeam(team)}`,
  teamRankingAbout: (team: TeamWords) => `Só duelos entre camisas ${ofTeam(team)} contam aqui.`,
  leader: (jersey: string, points: string) => `Na liderança: ${jersey}, com ${points} pontos.`,
  teamRankings: 'Ranking por time',
  teamRankingsAbout: 'Escolha um time para ver o ranking das camisas dele.',
  method: 'Como funciona o ranking',
  methodAbout:
    'Votos, pontuação, margem de erro, melhor posição possível, camisas provisórias e jogo limpo: como o Manto ordena as camisas.',
  fans: (team: TeamWords) => `O que a torcida ${ofTeam(team)} acha`,
  fansAbout: (team: TeamWords) =>
    `O ranking global só com os votos de quem torce ${{ o: 'pelo', a: 'pela', os: 'pelos', as: 'pelas' }[team.article]} ${team.name}.`,
  compareTeams: 'Comparar por time',
  compareTeamsAbout: 'Escolha um time para duelar só entre as camisas dele.',
  teamDuel: (team: string) => `Duelo: ${team}`,
  modelDuel: (team: string, model: string) => `Duelo: ${team} · ${model}`,
  teamDuelAbout: (team: TeamWords) =>
    `Duas camisas ${ofTeam(team)}, uma escolha: vote na mais bonita e mexa no ranking.`,
  jerseys: 'Camisas',
  jerseysAbout: 'Escolha um time para ver todas as camisas dele.',
  teamJerseys: (team: TeamWords) => `Camisas ${ofTeam(team)}`,
  teamJerseysAbout: (team: TeamWords, count: number) =>
    `${count === 1 ? 'A camisa' : `As ${count} camisas`} ${ofTeam(team)} no Manto, com temporada, modelo, fornecedor e patrocínio.`,
  jerseyRanked: (jersey: string, rank: number, of: number, points: string) =>
    `${jersey}: ${rank}º de ${of} no ranking global, com ${points} pontos. Compare e vote nos duelos do Manto.`,
  jerseyUnranked: (jersey: string) =>
    `${jersey}: ainda fora do ranking global, que ela entra depois de disputar alguns duelos. Compare e vote no Manto.`,
  duelResult: (winner: string, loser: string, percent: number) => `${winner} venceu ${loser} — ${percent}% da galera`,
  duelAbout: (winner: string, loser: string, percent: number, votes: number) =>
    `${winner} venceu ${loser} — ${percent}% da galera, em ${count('pt', votes)} ${votes === 1 ? 'voto' : 'votos'}. Compare as duas e vote nos duelos do Manto.`,
  tournaments: 'Torneios',
  tournamentsAbout: 'Copas de camisas em mata-mata: cada confronto é decidido pelos duelos da galera.',
  tournamentVote: (name: string) => `Votar: ${name}`,
  tournamentUpcoming: (size: number) =>
    `Mata-mata de ${size} camisas, decidido pelos duelos da galera. Começa em breve.`,
  tournamentOngoing: (round: string, alive: string[], more: number) =>
    `Rodada atual: ${round}. Seguem na disputa ${list('pt', more > 0 ? [...alive, `mais ${more}`] : alive)}.`,
  tournamentChampion: (jersey: string, size: number) =>
    `Campeã: ${jersey}, entre ${size} camisas, nos duelos da galera.`,
  terms: 'Termos de uso',
  termsAbout: 'Os termos de uso do Manto, o site de duelos e rankings de camisas de futebol.',
  privacy: 'Privacidade',
  privacyAbout:
    'O que o Manto guarda sobre quem vota e navega, para que serve e por quanto tempo. Vale para visitantes e para membros com conta.',
  shop: 'Loja',
  shopAbout: 'Camisas, bolas e acessórios com os preços das lojas parceiras lado a lado.',
  // The share images' words.
  cardRankLabel: 'Ranking global',
  cardRank: (rank: number, of: number) => ({ big: `${rank}º`, small: `de ${of}` }),
  cardScoreLabel: 'Pontuação',
  cardUnranked: 'Ainda fora do ranking',
  cardTop: 'As cinco mais bonitas no voto dos torcedores',
  cardEmptyRanking: 'O ranking ainda está sendo calculado',
  cardRoundOf: (round: number, rounds: number) => `Rodada ${round} de ${rounds}`,
  cardAlive: (count: number) => `${count} camisas na disputa`,
  cardStartsSoon: (size: number) => `${size} camisas · Começa em breve`,
  cardChampion: 'Campeã',
  cardBeat: 'venceu',
  cardTopTitle: (n: number) => (n === 1 ? 'Minha camisa favorita' : `Meu top ${n} de camisas`),
  cardTopSubtitle: 'Pelos meus votos nos duelos do Manto. Monte o seu!',
  cardCrowd: 'da galera',
  cardTagline: 'Qual é a camisa mais bonita do futebol?',
  cardCall: 'Compare, vote e acompanhe o ranking.',
  // Alternatives for the share images.
  jerseyAlt: (jersey: string) => `${jersey}: a camisa, sua posição e sua pontuação no ranking global`,
  rankingAlt: (title: string) => `${title}: as cinco primeiras camisas e suas pontuações`,
  tournamentAlt: (name: string) => `${name}: a rodada atual ou a campeã`,
  duelAlt: (winner: string, loser: string, percent: number) =>
    `${winner} e ${loser} lado a lado: ${percent}% da galera escolheu ${winner}`,
  siteAlt: 'Manto: duelos de camisas de futebol',
  mine: 'Meu ranking',
  mineAbout: 'Suas camisas na ordem dos seus votos, depois de 30 duelos.',
  topAbout: (names: string[]) =>
    `${names.map((n, i) => `${i + 1}º ${n}`).join(', ')}. Responda 30 duelos e monte o seu ranking no Manto.`,
  topAlt: (title: string, names: string[]) => `${title}: ${names.join(', ')}`,
};

type Texts = typeof pt;

const en: Texts = {
  page: (page) => `${page} | Manto`,
  homeTitle: 'Manto · Football jersey duels',
  pitch:
    'Which is the most beautiful shirt in football? Compare jerseys side by side, vote for your favourites and follow the ranking.',
  globalRanking: 'Global ranking',
  globalRankingAbout: 'The best-looking jerseys according to the votes of every duel.',
  teamRanking: (team) => `${team.name} ranking`,
  teamRankingAbout: (team) => `Only duels between ${team.name} jerseys count here.`,
  leader: (jersey, points) => `In the lead: ${jersey}, with a score of ${points}.`,
  teamRankings: 'Team ranking',
  teamRankingsAbout: 'Choose a team to see the ranking of its jerseys.',
  method: 'How the ranking works',
  methodAbout:
    'Votes, score, margin of error, best possible place, provisional jerseys and fair play: how Manto orders the jerseys.',
  fans: (team) => `What ${team.name} fans think`,
  fansAbout: (team) => `The global ranking with the votes of ${team.name} fans only.`,
  compareTeams: 'Compare by team',
  compareTeamsAbout: 'Choose a team to duel only its jerseys.',
  teamDuel: (team) => `Duel: ${team}`,
  modelDuel: (team, model) => `Duel: ${team} · ${model}`,
  teamDuelAbout: (team) =>
    `Two ${team.name} jerseys, one choice: vote for the better-looking one and move the ranking.`,
  jerseys: 'Jerseys',
  jerseysAbout: 'Pick a team to see all of its jerseys.',
  teamJerseys: (team) => `${team.name} jerseys`,
  teamJerseysAbout: (team, count) =>
    `${count === 1 ? 'The' : `All ${count}`} ${team.name} ${count === 1 ? 'jersey' : 'jerseys'} on Manto, with season, model, supplier and sponsor.`,
  jerseyRanked: (jersey, rank, of, points) =>
    `${jersey}: #${rank} of ${of} in the global ranking, with a score of ${points}. Compare and vote in Manto's duels.`,
  jerseyUnranked: (jersey) =>
    `${jersey}: not in the global ranking yet; it enters after a few duels. Compare and vote on Manto.`,
  duelResult: (winner, loser, percent) => `${winner} beat ${loser} — ${percent}% of the fans`,
  duelAbout: (winner, loser, percent, votes) =>
    `${winner} beat ${loser} — ${percent}% of the fans, out of ${count('en', votes)} ${votes === 1 ? 'vote' : 'votes'}. Compare them and vote in Manto's duels.`,
  tournaments: 'Tournaments',
  tournamentsAbout: "Jersey knockout cups: every match is decided by the fans' duels.",
  tournamentVote: (name) => `Vote: ${name}`,
  tournamentUpcoming: (size) => `A knockout of ${size} jerseys, decided by the fans' duels. Starting soon.`,
  tournamentOngoing: (round, alive, more) =>
    `Current round: ${round}. Still in: ${list('en', more > 0 ? [...alive, `${more} more`] : alive)}.`,
  tournamentChampion: (jersey, size) => `Champion: ${jersey}, out of ${size} jerseys, in the fans' duels.`,
  terms: 'Terms of use',
  termsAbout: 'The terms of use of Manto, the football jersey duels and rankings site.',
  privacy: 'Privacy',
  privacyAbout:
    'What Manto keeps about the people who vote and browse, what for and for how long. It applies to visitors and to members with an account.',
  shop: 'Shop',
  shopAbout: "Jerseys, balls and accessories with the partner stores' prices side by side.",
  cardRankLabel: 'Global ranking',
  cardRank: (rank, of) => ({ big: `#${rank}`, small: `of ${of}` }),
  cardScoreLabel: 'Score',
  cardUnranked: 'Not ranked yet',
  cardTop: "The fans' five best-looking",
  cardEmptyRanking: 'The ranking is still being calculated',
  cardRoundOf: (round, rounds) => `Round ${round} of ${rounds}`,
  cardAlive: (count) => `${count} jerseys still in`,
  cardStartsSoon: (size) => `${size} jerseys · Starting soon`,
  cardChampion: 'Champion',
  cardBeat: 'beat',
  cardTopTitle: (n: number) => (n === 1 ? 'My favourite jersey' : `My top ${n} jerseys`),
  cardTopSubtitle: 'From my votes in Manto’s duels. Build yours!',
  cardCrowd: 'of the fans',
  cardTagline: 'Which is the most beautiful shirt in football?',
  cardCall: 'Compare, vote and follow the ranking.',
  jerseyAlt: (jersey) => `${jersey}: the jersey, its place and its score in the global ranking`,
  rankingAlt: (title) => `${title}: the top five jerseys and their scores`,
  tournamentAlt: (name) => `${name}: the current round or the champion`,
  duelAlt: (winner, loser, percent) => `${winner} and ${loser} side by side: ${percent}% of the fans chose ${winner}`,
  siteAlt: 'Manto: football jersey duels',
  mine: 'My ranking',
  mineAbout: 'Your jerseys in the order of your votes, after 30 duels.',
  topAbout: (names: string[]) =>
    `${names.map((n, i) => `#${i + 1} ${n}`).join(', ')}. Answer 30 duels and build your own ranking on Manto.`,
  topAlt: (title: string, names: string[]) => `${title}: ${names.join(', ')}`,
};

export const TEXTS: Record<Language, Texts> = { pt, en };
