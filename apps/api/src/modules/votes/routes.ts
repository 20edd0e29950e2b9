import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VOTER_HEADER,
  attachVotesResponse,
  errorEnvelope,
  myRankingResponse,
  myVotesQuery,
  myVotesResponse,
  restoreFlagResponse,
  voterFlagsResponse,
  visitorVotesInput,
  visitorVotesResponse,
  votesExportQuery,
} from '@manto/contracts';
import { notFound } from '#lib/app-error.ts';
import { csvHeader, download } from '#lib/downloads.ts';
import type { VoteService } from './service.ts';

/** Votes exports one IP may start per minute. */
const EXPORTS_PER_MINUTE = 6;

const errors = { '4xx': errorEnvelope };
const EXPORT_COLUMNS = ['id', 'scope', 'left_id', 'right_id', 'outcome', 'skip_reason', 'answered_at', 'valid'];

/** A voter's own ranking is a fit per request: plenty for a fan refreshing it, not for a script. */
const MY_RANKINGS_PER_MINUTE = 30;
const voterHeaders = z.object({ [VOTER_HEADER]: z.string().max(100).optional() });

export default async function voteRoutes(
  app: FastifyInstance,
  opts: { votes: VoteService; visitorKey: (header: string | undefined) => string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { votes, visitorKey } = opts;
  // Listed with the rankings in the API docs, where they were first published.
  const tags = ['rankings'];

  r.get(
    '/api/votes/export',
    {
      schema: { tags, querystring: votesExportQuery },
      // The whole votes table, streamed: open data, but not something one client may ask for nonstop.
      config: { access: 'public', rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { format } = request.query;
      download(reply, 'manto-votes', format);
      // Pulled a chunk at a time as the client reads (at most one chunk waits in memory), each chunk
      // formatted by the database and read in turns (VoteService.exportChunk), so liveness and the
      // other requests keep answering during many exports (docs/perf/votes-export.md).
      async function* chunks() {
        yield format === 'csv' ? csvHeader(EXPORT_COLUMNS) : '[';
        let after = 0;
        for (;;) {
          const { lastId, text } = await votes.exportChunk(after, format);
          if (text === null) break;
          yield format === 'csv' ? text : `${after === 0 ? '\n' : ',\n'}${text}`;
          after = lastId;
        }
        if (format === 'json') yield '\n]\n';
      }
      return reply.send(Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 }));
    },
  );

  r.get(
    '/api/me/votes',
    {
      schema: { tags, querystring: myVotesQuery, response: { 200: myVotesResponse, ...errors } },
      config: { access: 'signedIn' },
    },
    async (request) => votes.myVotes(request.principal!.id, request.query),
  );

  // A member's ranking is theirs (their account's votes); a visitor's, their browser's signed id's.
  r.get(
    '/api/rankings/mine',
    {
      schema: { tags, headers: voterHeaders, response: { 200: myRankingResponse, ...errors } },
      config: {
        access: 'public',
        identify: true,
        rateLimit: { max: MY_RANKINGS_PER_MINUTE, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { principal } = request;
      return votes.myRanking(
        principal ? { userId: principal.id } : { voterKey: visitorKey(request.headers[VOTER_HEADER]) },
      );
    },
  );

  // The votes this browser cast before signing in, which the member may keep in their account, once.
  r.get(
    '/api/me/visitor-votes',
    {
      schema: { tags, headers: voterHeaders, response: { 200: visitorVotesResponse, ...errors } },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { votes: await votes.unattachedVotes(visitorKey(request.headers[VOTER_HEADER])) };
    },
  );

  r.post(
    '/api/me/visitor-votes',
    {
      schema: { tags, body: visitorVotesInput, response: { 200: attachVotesResponse, ...errors } },
      config: { access: 'signedIn', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => ({
      attached: await votes.attachVotes(visitorKey(request.body.voterId), request.principal!.id),
    }),
  );

  r.get(
    '/api/manage/votes/flags',
    { schema: { tags, response: { 200: voterFlagsResponse, ...errors } }, config: { access: 'moderator' } },
    async () => ({ items: await votes.flags() }),
  );

  r.post(
    '/api/manage/votes/flags/:id/restore',
    {
      schema: {
        tags,
        params: z.strictObject({ id: z.string().uuid() }),
        response: { 200: restoreFlagResponse, ...errors },
      },
      config: { access: 'moderator', audit: { resource: 'vote-flags', action: 'restore' } },
    },
    async (request) => {
      const restored = await votes.restoreFlag(request.params.id, request.principal!.id);
      if (restored === null) throw notFound();
      return { restored };
    },
  );
}
