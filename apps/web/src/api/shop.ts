import { later } from '#lib/later-schemas.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { shopKeys } from './keys.ts';

/**
 * "Onde comprar" on a jersey's page: the shop product that is this jersey and its cheapest offer, or
 * null when the shop has none. Only asked with the shop on (off, the API answers 404).
 */
export const getJerseyOffer = (jerseyId: string) =>
  api.request(`/shop/jerseys/${encodeURIComponent(jerseyId)}/offer`, { schema: later('jerseyOfferResponse') });

export const jerseyOfferQuery = (lang: string, jerseyId: string) =>
  queryOptions({ queryKey: shopKeys.jerseyOffer(lang, jerseyId), queryFn: () => getJerseyOffer(jerseyId) });
