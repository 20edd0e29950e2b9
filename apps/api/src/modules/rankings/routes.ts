import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Ranking,
  errorEnvelope,
  jerseyRatingResponse,
  myVotesQuery,
  myVotesResponse,
  rankingExportQuery,
  rankingQuery,
  rankingResponse,
  restoreFlagResponse,
  teamRankingsQuery,
  teamRankingsResponse,
  voterFlagsResponse,
  votesExportQuery,
} from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { notFound } from '#lib/app-error.ts';
import { plainJson } from '#lib/plain-json.ts';
import { restoreFlag } from './outliers.ts';
import type { RankingService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const BATCH = 5_000;

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
function csvField(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

function download(reply: FastifyReply, name: string, format: 'csv' | 'json') {
  reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-cache');
}

export default async function rankingRoutes(app: FastifyInstance, opts: { db: Db; rankings: RankingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rankings, db } = opts;
  const tags = ['rankings'];

  r.get(
    '/api/rankings',
    {
      schema: { tags, querystring: rankingQuery, response: { 200: rankingResponse, ...errors } },
      serializerCompiler: plainJson,
      config: { access: 'public' },
    },
    async (request, reply) => {
      // A cached page is already JSON, and Fastify sends a string as it is.
      const json = await rankings.rankingJson(request.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as Ranking);
    },
  );

  r.get(
    '/api/rankings/teams',
    {
      schema: { tags, querystring: teamRankingsQuery, response: { 200: teamRankingsResponse, ...errors } },
      serializerCompiler: plainJson,
      config: { access: 'public' },
    },
    async (request) => rankings.teamRankings(request.query),
  );

  r.get(
    '/api/rankings/jerseys/:id',
    {
      schema: {
        tags,
        params: z.strictObject({ id: z.string().uuid() }),
        response: { 200: jerseyRatingResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request) => rankings.jerseyRating(request.params.id),
  );

  r.get(
    '/api/rankings/export',
    { schema: { tags, querystring: rankingExportQuery }, config: { access: 'public' } },
    async (request, reply) => {
      const { team, format } = request.query;
      const { fittedAt, rows } = await rankings.exportRows(team);
      download(reply, `manto-ranking-${team ?? 'global'}`, format);
      if (format === 'json') return JSON.stringify({ scope: team ?? 'global', fittedAt, rows });
      const header = Object.keys(rows[0] ?? { rank: 0 });
      return csvLine(header) + rows.map((row) => csvLine(Object.values(row))).join('');
    },
  );

  r.get(
    '/api/votes/export',
    { schema: { tags, querystring: votesExportQuery }, config: { access: 'public' } },
    async (request, reply) => {
      const { format } = request.query;
      download(reply, 'manto-votes', format);
      const columns = ['id', 'scope', 'left_id', 'right_id', 'outcome', 'skip_reason', 'answered_at', 'valid'];
      // Streamed in id order, a batch at a time: the table can be large.
      async function* lines() {
        yield format === 'csv' ? csvLine(columns) : '[';
        let after = 0;
        let first = true;
        for (;;) {
          const batch = await rankings.votesBatch(after, BATCH);
          if (batch.length === 0) break;
          after = batch[batch.length - 1]!.id;
          yield batch
            .map((row) => {
              if (format === 'csv') return csvLine(columns.map((c) => row[c]));
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
    async (request) => rankings.myVotes(request.principal!.id, request.query),
  );

  r.get(
    '/api/manage/votes/flags',
    { schema: { tags, response: { 200: voterFlagsResponse, ...errors } }, config: { access: 'moderator' } },
    async () => ({ items: await rankings.flags() }),
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
      const restored = await restoreFlag(db, request.params.id, request.principal!.id);
      if (restored === null) throw notFound();
      return { restored };
    },
  );
}
