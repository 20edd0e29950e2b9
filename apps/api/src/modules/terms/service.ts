import type {
  Language,
  ManageTerms,
  ManageTermsSummary,
  Terms,
  TermsDraftInput,
  TermsDraftPatch,
} from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { AppError, notFound } from '#lib/app-error.ts';
import { TermsRepository } from './repository.ts';

type SummaryRow = Awaited<ReturnType<TermsRepository['list']>>[number];

function toSummary(row: SummaryRow): ManageTermsSummary {
  return {
    version: row.version,
    titlePt: row.titlePt,
    titleEn: row.titleEn,
    status: row.publishedAt === null ? 'draft' : row.isCurrent ? 'current' : 'previous',
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    acceptedCount: row.acceptedCount,
  };
}

/**
 * The terms of use: the current version for everyone, and the versions Admins write, preview and
 * publish (docs/decisions/0017-terms-re-consent.md). A published version never changes.
 */
export class TermsService {
  private readonly repository: TermsRepository;

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new TermsRepository(db);
  }

  /** The newest published terms, in the caller's language. */
  async current(language: Language): Promise<Terms> {
    const current = await this.repository.current();
    if (!current) throw notFound();
    const en = language === 'en';
    return {
      version: current.version,
      title: en ? current.titleEn : current.titlePt,
      body: en ? current.bodyEn : current.bodyPt,
      publishedAt: current.publishedAt!.toISOString(),
    };
  }

  async list(): Promise<ManageTermsSummary[]> {
    return (await this.repository.list()).map(toSummary);
  }

  async byVersion(version: number): Promise<ManageTerms> {
    const row = await this.repository.byVersion(version);
    if (!row) throw notFound();
    return { ...toSummary(row), bodyPt: row.bodyPt, bodyEn: row.bodyEn };
  }

  async createDraft(input: TermsDraftInput): Promise<ManageTerms> {
    const version = await this.repository.insertDraft(input);
    if (version === null) throw await this.draftExists();
    return this.byVersion(version);
  }

  async updateDraft(version: number, patch: TermsDraftPatch): Promise<ManageTerms> {
    if (!(await this.repository.updateDraft(version, patch))) throw await this.notADraft(version);
    return this.byVersion(version);
  }

  async deleteDraft(version: number): Promise<void> {
    if (!(await this.repository.deleteDraft(version))) throw await this.notADraft(version);
  }

  /** From now on every member whose accepted version is older must accept this one (ADR 0017). */
  async publish(version: number): Promise<ManageTerms> {
    if (!(await this.repository.publish(version, new Date(this.now())))) throw await this.notADraft(version);
    return this.byVersion(version);
  }

  private async draftExists(): Promise<AppError> {
    const draft = await this.repository.draftVersion();
    return new AppError(409, 'TERMS_DRAFT_EXISTS', { version: draft ?? '?' });
  }

  /** 404 for a version that does not exist, 409 for one already published. */
  private async notADraft(version: number): Promise<AppError> {
    return (await this.repository.byVersion(version)) ? new AppError(409, 'TERMS_PUBLISHED') : notFound();
  }
}
