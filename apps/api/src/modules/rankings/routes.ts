import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Ranking,
  type RankingExport,
  errorEnvelope,
  jerseyRatingResponse,
  rankingExportQuery,
  rankingQuery,
  rankingResponse,
  segmentsResponse,
  teamRankingsQuery,
  teamRankingsResponse,
} from '@manto/contracts';
import { csvHeader, csvLine, download } from '#lib/downloads.ts';
import { plainJson } from '#lib/plain-json.ts';
import type { RankingService } from './service.ts';

const errors = { '4xx': errorEnvelope };

export default async function rankingRoutes(app: FastifyInstance, opts: { rankings: RankingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rankings } = opts;
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
    '/api/rankings/segments',
    { schema: { tags, response: { 200: segmentsResponse, ...errors } }, config: { access: 'public' } },
    async () => rankings.segmentList(),
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
      const { team, segment, format } = request.query;
      const { fittedAt, lastVoteId, votes, rows } = await rankings.exportRows(team, segment);
      const scope = segment ?? team ?? 'global';
      download(reply, `manto-ranking-${scope.replace(':', '-')}`, format);
      if (format === 'json')
        return JSON.stringify({ scope, fittedAt, lastVoteId, votes, rows } satisfies RankingExport);
      const header = Object.keys(rows[0] ?? { rank: 0 });
      if (segment) return csvHeader(header) + rows.map((row) => csvLine(Object.values(row))).join('');
      // A global or team CSV repeats the snapshot's vote watermark on every row (docs/ranking.md §7).
      return (
        csvHeader([...header, 'last_vote_id', 'fit_votes']) +
        rows.map((row) => csvLine([...Object.values(row), lastVoteId, votes])).join('')
      );
    },
  );
}
