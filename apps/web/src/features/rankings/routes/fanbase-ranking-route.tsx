import { useParams } from 'react-router';
import { RankingScreen } from '../components/ranking-screen.tsx';

/** /rankings/torcidas/:teamSlug — the global ranking fitted on one team's fans' votes (docs/segments.md). */
export function FanbaseRankingRoute() {
  const { teamSlug = '' } = useParams();
  // A new screen per fanbase: filters and paging belong to one ranking.
  return <RankingScreen key={teamSlug} teamSlug={null} fansOf={teamSlug} />;
}
