import { RankingScreen } from '../components/ranking-screen.tsx';

/** /rankings — the global ranking. */
export function GlobalRankingRoute() {
  return <RankingScreen teamSlug={null} />;
}
