import { queryOptions } from '@tanstack/react-query';
import { restoreFlagResponse, voterFlagsResponse } from '@manto/contracts';
import { api } from '#lib/api.ts';
import { sistemaKeys } from './queries.ts';

// The moderators' voter flags (docs/ranking.md §6), kept apart from sistema-api.ts: their own small API.

/** Open flags first, newest first, up to the API's 500 (flags are rare: a flag needs a clear outlier). */
export const getVoterFlags = () => api.authorized('/manage/votes/flags', { schema: voterFlagsResponse });

/** Makes the flagged votes count again; answers how many. */
export const restoreVoterFlag = (id: string) =>
  api.authorized(`/manage/votes/flags/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    schema: restoreFlagResponse,
  });

export const voteFlagKeys = { all: () => [...sistemaKeys.all, 'vote-flags'] as const };

export const voterFlagsQuery = () =>
  queryOptions({ queryKey: voteFlagKeys.all(), queryFn: getVoterFlags, staleTime: 30_000 });
