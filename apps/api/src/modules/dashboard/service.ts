import type { Dashboard, TournamentStatus } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { DashboardRepository } from './repository.ts';

/** The Sistema home page's figures. */
export class DashboardService {
  private readonly repository: DashboardRepository;

  constructor(
    db: Db,
    private readonly tournaments: { statusCounts(): Promise<Record<TournamentStatus, number>> },
  ) {
    this.repository = new DashboardRepository(db);
  }

  async summary(): Promise<Dashboard> {
    const [counts, tournaments, inventory] = await Promise.all([
      this.repository.counts(),
      this.tournaments.statusCounts(),
      this.repository.inventory(),
    ]);
    return { ...counts, tournaments, inventory };
  }
}
