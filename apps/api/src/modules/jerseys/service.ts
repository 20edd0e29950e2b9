import type { JerseyDetail, JerseyInput, JerseySummary, ManageJersey } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { type PageRequest, pageOf } from '#lib/paging.ts';
import { slugify } from '#lib/slug.ts';
import { imageRef } from '#modules/images/index.ts';
import type { TeamService } from '#modules/teams/index.ts';
import { JerseyRepository, type JerseyRow, type JerseyValues, type TeamJerseysQuery } from './repository.ts';

export type CatalogueJersey = JerseySummary & { teamId: string; modelId: string; supplierId: string };

function toSummary(row: JerseyRow): JerseySummary {
  const j = row.jersey;
  return {
    id: j.id,
    slug: j.slug,
    team: row.team,
    model: row.model,
    supplier: row.supplier,
    season: j.season,
    modelYear: j.modelYear,
    mainColor: j.mainColor,
    image: imageRef(row.image),
    active: j.active,
  };
}

function toManage(row: JerseyRow): ManageJersey {
  const j = row.jersey;
  return {
    ...toSummary(row),
    teamId: j.teamId,
    modelId: j.modelId,
    supplierId: j.supplierId,
    imageId: j.imageId,
    imageSourceText: j.imageSourceText,
    imageSourceUrl: j.imageSourceUrl,
    description: j.description,
    descriptionEn: j.descriptionEn,
    masterSponsor: j.masterSponsor,
    updatedAt: j.updatedAt.toISOString(),
  };
}

function values(input: JerseyInput): Omit<JerseyValues, 'slug'> {
  return {
    teamId: input.teamId,
    modelId: input.modelId,
    supplierId: input.supplierId,
    season: Number(input.season),
    modelYear: input.modelYear,
    mainColor: input.mainColor.toUpperCase(),
    imageId: input.imageId,
    imageSourceText: input.imageSourceText,
    imageSourceUrl: input.imageSourceUrl ?? null,
    description: input.description ?? null,
    descriptionEn: input.descriptionEn ?? null,
    masterSponsor: input.masterSponsor ?? null,
    ...(input.active === undefined ? {} : { active: input.active }),
  };
}

export class JerseyService {
  private readonly repository: JerseyRepository;

  constructor(
    db: Db,
    private readonly teams: TeamService,
  ) {
    this.repository = new JerseyRepository(db);
  }

  /** A team's active jerseys with filters, plus the filter options its catalogue offers. */
  async listForTeam(teamSlug: string, q: TeamJerseysQuery) {
    const team = await this.teams.bySlug(teamSlug);
    const found = await this.repository.listForTeam(team.id, q);
    const { min, max } = found.seasons ?? {};
    return {
      team,
      ...pageOf(q, found.page, toSummary),
      models: found.models,
      suppliers: found.suppliers,
      seasons: min != null && max != null ? { min, max } : null,
    };
  }

  async detail(teamSlug: string, jerseySlug: string): Promise<JerseyDetail> {
    const row = await this.repository.activeBySlugs(teamSlug, jerseySlug);
    if (!row) throw notFound();
    const j = row.jersey;
    const [teamInfo, others] = await Promise.all([this.teams.bySlug(teamSlug), this.repository.nearestSeasons(j, 8)]);
    return {
      ...toSummary(row),
      description: j.description,
      descriptionEn: j.descriptionEn,
      masterSponsor: j.masterSponsor,
      imageSource: { text: j.imageSourceText, url: j.imageSourceUrl },
      teamInfo,
      otherJerseys: others.map(toSummary),
    };
  }

  async listManage(q: PageRequest & { search?: string; team?: string; sort?: string; ids?: string[] }) {
    return pageOf(q, await this.repository.list(q), toManage);
  }

  async manageById(id: string): Promise<ManageJersey> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound();
    return toManage(row);
  }

  /** "2024-titular", then "2024-titular-2"… unique within the team. */
  private async slugFor(teamId: string, season: number, modelId: string, exceptId?: string): Promise<string> {
    const modelSlug = await this.repository.modelSlug(modelId);
    if (!modelSlug) throw fieldError('modelId', 'modelRequired');
    const base = slugify(`${season} ${modelSlug}`);
    const taken = new Set(await this.repository.slugsStartingWith(teamId, base, exceptId));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  private async checkReferences(input: JerseyInput) {
    const exists = await this.repository.referencesExist(input);
    if (!exists.team) throw fieldError('teamId', 'teamRequired');
    if (!exists.supplier) throw fieldError('supplierId', 'supplierRequired');
    if (!exists.image) throw fieldError('imageId', 'imageRequired');
  }

  async create(input: JerseyInput): Promise<ManageJersey> {
    await this.checkReferences(input);
    const slug = await this.slugFor(input.teamId, Number(input.season), input.modelId);
    return this.manageById(await this.repository.insert({ ...values(input), slug }));
  }

  async update(id: string, input: JerseyInput): Promise<ManageJersey> {
    const current = await this.manageById(id);
    await this.checkReferences(input);
    const sameKey =
      current.teamId === input.teamId && current.modelId === input.modelId && current.season === Number(input.season);
    const slug = sameKey ? current.slug : await this.slugFor(input.teamId, Number(input.season), input.modelId, id);
    await this.repository.update(id, { ...values(input), slug });
    return this.manageById(id);
  }

  async setActive(id: string, active: boolean): Promise<ManageJersey> {
    if (!(await this.repository.update(id, { active }))) throw notFound();
    return this.manageById(id);
  }

  async remove(id: string): Promise<void> {
    // Votes are append-only: a voted jersey can be deactivated (out of duels and rankings), not deleted.
    const voted = await this.repository.voteCount(id);
    if (voted > 0) throw new AppError(409, 'HAS_VOTES', { count: voted });
    const played = await this.repository.tournamentCount(id);
    if (played > 0) throw new AppError(409, 'IN_TOURNAMENT', { count: played });
    if (!(await this.repository.delete(id))) throw notFound();
  }

  /** Every jersey (active or not) as a summary with its keys: the duel pool and ranking snapshots. */
  async catalogue(): Promise<CatalogueJersey[]> {
    const rows = await this.repository.all();
    return rows.map((row) => ({
      ...toSummary(row),
      teamId: row.jersey.teamId,
      modelId: row.jersey.modelId,
      supplierId: row.jersey.supplierId,
    }));
  }

  options() {
    return this.repository.options();
  }

  /** What changes with any catalogue edit, for the catalogue cache. */
  catalogueVersion() {
    return this.repository.catalogueVersion();
  }

  /** Every team or model (id, slug, name), for the catalogue cache. */
  refs(of: 'teams' | 'models') {
    return this.repository.refs(of);
  }
}
