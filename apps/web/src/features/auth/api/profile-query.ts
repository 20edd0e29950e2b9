import { queryOptions } from '@tanstack/react-query';
import { meKeys } from '#api/keys.ts';

/**
 * The member's profile. Every page reads it once for members (app/use-role-refresh.ts), so the
 * reader and the schema that checks the answer load with that first read instead of with the
 * first screen of every visit (docs/performance.md, initial JS budget).
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: () => import('./auth-api.ts').then((m) => m.getProfile()),
    staleTime: 0,
  });
