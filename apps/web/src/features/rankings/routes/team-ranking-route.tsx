import { useParams } from 'react-router';
import { RankingScreen } from '../components/ranking-screen.tsx';

/** /rankings/times/:teamSlug — the ranking of one team's jerseys (duels between them only). */
export function TeamRankingRoute() {
  const { teamSlug = '' } = useParams();
  // A new screen per team: filters and paging belong to one scope.
  return <RankingScreen key={teamSlug} teamSlug={teamSlug} />;
}
