import { VOTER_HEADER, attachVotesResponse, visitorVotesResponse } from '@manto/contracts';
import { api } from '#lib/api.ts';

/** How many of the votes cast in this browser before signing in the member's account could keep. */
export const getVisitorVotes = (voterId: string) =>
  api.authorized('/me/visitor-votes', { headers: { [VOTER_HEADER]: voterId }, schema: visitorVotesResponse });

/** Keeps those votes in the member's account (docs/ranking.md §9). */
export const keepVisitorVotes = (voterId: string) =>
  api.authorized('/me/visitor-votes', { method: 'POST', body: { voterId }, schema: attachVotesResponse });
