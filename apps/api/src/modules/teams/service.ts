import type { ManageTeam, TeamInput, TeamSummary } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { type PageRequest, pageOf } from '#lib/paging.ts';
import { freeSlug } from '#lib/slug.ts';
import { imageRef } from '#modules/images/index.ts';
import { TeamRepository, type TeamRow, type TeamValues } from './repository.ts';

function toSummary(row: TeamRow): TeamSummary {
  const t = row.team;
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    nameEn: t.nameEn,
    country: t.country,
    state: t.state,
    city: t.city,
    baseColor: t.baseColor,
    category: t.category as TeamSummary['category'],
    article: t.article,
    crest: imageRef(row.crest),
    jerseysCount: row.jerseysCount,
  };
}

function toManage(row: TeamRow): ManageTeam {
  return {
    ...toSummary(row),
    createdAt: row.team.createdAt.toISOString(),
    updatedAt: row.team.updatedAt.toISOString(),
  };
}

export class TeamService {
  private readonly repository: TeamRepository;

  constructor(db: Db) {
    this.repository = new TeamRepository(db);
  }

  /** Every team, for selects. */
  options() {
    return this.repository.options();
  }

  /** Public list: teams with at least one active jersey. */
  async listPublic(q: PageRequest & { search?: string; category?: string }) {
    return pageOf(q, await this.repository.listWithJerseys(q), toSummary);
  }

  async bySlug(slug: string): Promise<TeamSummary> {
    const row = await this.repository.bySlug(slug);
    if (!row) throw notFound();
    return toSummary(row);
  }

  /** A team's public summary by id; null when it is gone. */
  async summaryById(id: string): Promise<TeamSummary | null> {
    const row = await this.repository.byId(id);
    return row ? toSummary(row) : null;
  }

  async listManage(q: PageRequest & { search?: string; sort?: string }) {
    return pageOf(q, await this.repository.list(q), toManage);
  }

  async manageById(id: string): Promise<ManageTeam> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound();
    return toManage(row);
  }

  private async values(input: TeamInput & { state?: string | null }, exceptId?: string): Promise<TeamValues> {
    const slug = await freeSlug(input.name, 'teamNameRequired', (s) => this.repository.slugTaken(s, exceptId));
    return {
      ...input,
      nameEn: input.nameEn ?? null,
      state: input.state ?? null,
      crestImageId: input.crestImageId ?? null,
      slug,
    };
  }

  async create(input: TeamInput & { state?: string | null }): Promise<ManageTeam> {
    const id = await this.repository.insert(await this.values(input));
    if (!id) throw fieldError('name', 'slugTaken');
    return this.manageById(id);
  }

  async update(id: string, input: TeamInput & { state?: string | null }): Promise<ManageTeam> {
    if (!(await this.repository.update(id, await this.values(input, id)))) throw notFound();
    return this.manageById(id);
  }

  /** A team that still has jerseys is refused with the count, never orphaned. */
  async remove(id: string): Promise<void> {
    const used = await this.repository.jerseyCount(id);
    if (used > 0) throw new AppError(409, 'IN_USE', { count: used });
    if (!(await this.repository.delete(id))) throw notFound();
  }
}
