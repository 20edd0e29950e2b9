import type { CollectionEntryInput, CollectionKind } from '@manto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { later } from '#lib/later-schemas.ts';
import { collectionKeys } from './keys.ts';

// "Minha coleção" (docs/decisions/0042-collection-and-wishlist.md). The schemas are named, not imported:
// the jersey page, a first screen, asks for the member's lists after it has been taken over.

/** The signed-in member's owned and wanted jerseys, with their ranks and the public flag. */
export const myCollectionQuery = () =>
  queryOptions({
    queryKey: collectionKeys.mine(),
    queryFn: () => api.authorized('/me/collection', { schema: later('myCollection') }),
  });

const entryPath = (kind: CollectionKind, jerseyId: string) => `/me/collection/${kind}/${encodeURIComponent(jerseyId)}`;

/** Adds the jersey to the list, or changes its size or target price (null clears, absent keeps). */
export const putCollectionEntry = (kind: CollectionKind, jerseyId: string, body: CollectionEntryInput) =>
  api.authorized(entryPath(kind, jerseyId), { method: 'PUT', body, schema: later('collectionEntry') });

export const removeCollectionEntry = (kind: CollectionKind, jerseyId: string) =>
  api.authorized(entryPath(kind, jerseyId), { method: 'DELETE' });

export const setCollectionPublic = (value: boolean) =>
  api.authorized('/me/collection', {
    method: 'PATCH',
    body: { public: value },
    schema: later('collectionVisibility'),
  });

/** A collection its member made public, by its link's id. */
export const sharedCollectionQuery = (shareId: string) =>
  queryOptions({
    queryKey: collectionKeys.shared(shareId),
    queryFn: () => api.request(`/collections/${encodeURIComponent(shareId)}`, { schema: later('publicCollection') }),
  });

/** The public page of a collection, as an app path (the profile shows its absolute link). */
export const sharedCollectionPath = (shareId: string) => `/colecao/${encodeURIComponent(shareId)}`;
