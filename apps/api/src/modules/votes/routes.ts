import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  myVotesQuery,
  myVotesResponse,
  restoreFlagResponse,
  voterFlagsResponse,
  votesExportQuery,
} from '@manto/contracts';
import { notFound } from '#lib/app-error.ts';
import { csvLine, download } from '#lib/downloads.ts';
import type { VoteService } from './service.ts';

/** Votes exports one IP may start per minute. */
const EXPORTS_PER_MINUTE = 6;

const errors = { '4xx': errorEnvelope };
const BATCH = 5_000;
const EXPORT_COLUMNS = ['id', 'scope', 'left_id', 'right_id', 'outcome', 'skip_reason', 'answered_at', 'valid'];

export default async function voteRoutes(app: FastifyInstance, opts: { votes: VoteService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { votes } = opts;
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
      // Streamed in id order, a batch at a time: the table can be large.
      async function* lines() {
        yield format === 'csv' ? csvLine(EXPORT_COLUMNS) : '[';
        let after = 0;
        let first = true;
        for (;;) {
          const batch = await votes.exportBatch(after, BATCH);
          if (batch.length === 0) break;
          after = batch[batch.length - 1]!.id;
          yield batch
            .map((row) => {
              if (format === 'csv') return csvLine(EXPORT_COLUMNS.map((c) => row[c]));
              const json = JSON.stringify(row);
              const line = first ? `\n${json}` : `,\n${json}`;
              first = false;
              return line;
            })
            .join('');
        }
        if (format === 'json') yield '\n]\n';
      }
      return reply.send(Readable.from(lines()));
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
      config: { access: 'moderator' },
    },
    async (request) => {
      const restored = await votes.restoreFlag(request.params.id, request.principal!.id);
      if (restored === null) throw notFound();
      return { restored };
    },
  );
}
