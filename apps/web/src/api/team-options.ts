import { teamOptionsResponse } from '@manto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { catalogueKeys } from './keys.ts';

// Not a first screen's (registration, profile): checked by its imported schema before use, unlike
// the first screens' answers in teams.ts (lib/later-schemas.ts).

/** Every team, for the favourite-team select of registration and profile. */
export const getTeamOptions = () => api.request('/teams', { schema: teamOptionsResponse });

export const teamOptionsQuery = () => queryOptions({ queryKey: catalogueKeys.teamOptions(), queryFn: getTeamOptions });
