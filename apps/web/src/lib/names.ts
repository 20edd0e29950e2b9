import type { JerseySummary } from '@manto/contracts';
import { currentLanguage } from './i18n.ts';

/**
 * A catalogue name in the interface language: English pages take the English form where the record has
 * one, the Portuguese name otherwise (docs/decisions/0035-catalogue-in-two-languages.md).
 */
export function localName(x: { name: string; nameEn?: string | null }): string {
  return currentLanguage() === 'en' && x.nameEn ? x.nameEn : x.name;
}

type Named = Pick<JerseySummary, 'team' | 'model' | 'modelYear'>;

/** "Flamengo 2024 · Titular", "Germany 2024 · Home": how every screen names a jersey. */
export function jerseyName(j: Named): string {
  return `${localName(j.team)} ${j.modelYear} · ${localName(j.model)}`;
}

/** "Flamengo 2024": the short form for tight places (the crowd legend, a thumbnail's first line). */
export function jerseyShortName(j: Pick<JerseySummary, 'team' | 'modelYear'>): string {
  return `${localName(j.team)} ${j.modelYear}`;
}

/** "2024 · Titular": a jersey among its own team's, where the team goes without saying. */
export function jerseyInTeam(j: Pick<JerseySummary, 'model' | 'modelYear'>): string {
  return `${j.modelYear} · ${localName(j.model)}`;
}

/** A jersey page's path. */
export const jerseyPath = (j: Pick<JerseySummary, 'team' | 'slug'>) => `/camisas/time/${j.team.slug}/${j.slug}`;
