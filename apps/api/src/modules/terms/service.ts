import type { Language, Terms } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { notFound } from '#lib/app-error.ts';
import { TermsRepository } from './repository.ts';

export class TermsService {
  private readonly repository: TermsRepository;

  constructor(db: Db) {
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
}
