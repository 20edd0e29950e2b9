import type { ManageNamed, NamedInput } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { type PageRequest, pageOf } from '#lib/paging.ts';
import { freeSlug } from '#lib/slug.ts';
import { imageRef } from '#modules/images/index.ts';
import { type CatalogueKind, CatalogueRepository, type CatalogueRow, type CatalogueValues } from './repository.ts';

const toDto = (row: CatalogueRow): ManageNamed => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  nameEn: row.nameEn,
  jerseysCount: row.jerseysCount,
  logo: imageRef(row.logo),
});

/**
 * Models and suppliers are the same kind of record — a name, a slug and (for suppliers) a logo —
 * referenced by jerseys. One service, made for one kind, serves each.
 */
export class CatalogueService {
  private readonly repository: CatalogueRepository;

  constructor(
    db: Db,
    readonly kind: CatalogueKind,
  ) {
    this.repository = new CatalogueRepository(db, kind);
  }

  async list(q: PageRequest & { search?: string; sort?: string }) {
    return pageOf(q, await this.repository.list(q), toDto);
  }

  async byId(id: string): Promise<ManageNamed> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound();
    return toDto(row);
  }

  private async values(input: NamedInput, exceptId?: string): Promise<CatalogueValues> {
    const slug = await freeSlug(input.name, 'nameRequired', (s) => this.repository.slugTaken(s, exceptId));
    return {
      name: input.name,
      slug,
      ...(this.repository.hasNameEn ? { nameEn: input.nameEn ?? null } : {}),
      ...(this.repository.hasLogo ? { logoImageId: input.logoImageId ?? null } : {}),
    };
  }

  async create(input: NamedInput): Promise<ManageNamed> {
    const id = await this.repository.insert(await this.values(input));
    if (!id) throw fieldError('name', 'slugTaken');
    return this.byId(id);
  }

  async update(id: string, input: NamedInput): Promise<ManageNamed> {
    if (!(await this.repository.update(id, await this.values(input, id)))) throw notFound();
    return this.byId(id);
  }

  /** A record that jerseys still reference is refused with the count. */
  async remove(id: string): Promise<void> {
    const used = await this.repository.jerseyCount(id);
    if (used > 0) throw new AppError(409, 'IN_USE', { count: used });
    if (!(await this.repository.delete(id))) throw notFound();
  }
}
