import type { Dashboard } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { DashboardRepository } from './repository.ts';

/** The Sistema home page's figures. */
export class DashboardService {
  private readonly repository: DashboardRepository;

  constructor(db: Db) {
    this.repository = new DashboardRepository(db);
  }

  summary(): Promise<Dashboard> {
    return this.repository.counts();
  }
}
