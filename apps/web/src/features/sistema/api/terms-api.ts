import { manageTerms, manageTermsList, type TermsDraftInput, type TermsDraftPatch } from '@manto/contracts';
import { api } from '#lib/api.ts';

/** Terms versions (Admins): a draft at a time, published ones never change (docs/decisions/0017-terms-re-consent.md). */
export const getTermsVersions = () => api.authorized('/manage/terms', { schema: manageTermsList });

export const getTermsVersion = (version: number) => api.authorized(`/manage/terms/${version}`, { schema: manageTerms });

/** 409 TERMS_DRAFT_EXISTS when a draft is already there. */
export const createTermsDraft = (body: TermsDraftInput) =>
  api.authorized('/manage/terms', { method: 'POST', body, schema: manageTerms });

export const updateTermsDraft = (version: number, body: TermsDraftPatch) =>
  api.authorized(`/manage/terms/${version}`, { method: 'PATCH', body, schema: manageTerms });

/** The draft becomes the current terms: every member must accept it. */
export const publishTerms = (version: number) =>
  api.authorized(`/manage/terms/${version}/publish`, { method: 'POST', schema: manageTerms });

export const deleteTermsDraft = async (version: number): Promise<void> => {
  await api.authorized(`/manage/terms/${version}`, { method: 'DELETE' });
};
