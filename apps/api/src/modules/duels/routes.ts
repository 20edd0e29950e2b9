import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type NextDuel,
  type VoteResult,
  duelScopeQuery,
  errorEnvelope,
  nextDuelResponse,
  VOTER_HEADER,
  visitorIdResponse,
  voteInput,
  voteResponse,
} from '@manto/contracts';
import { nextDuelJson, voteResultJson } from './duel-json.ts';
import type { DuelService, Voter } from './service.ts';

const errors = { '4xx': errorEnvelope };
const voterHeaders = z.object({ [VOTER_HEADER]: z.string().max(100).optional() });

/** Members vote as themselves; visitors as the server-signed id their browser keeps (docs/ranking.md §1). */
function voterOf(request: FastifyRequest, duels: DuelService): Voter {
  const base = { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
  if (request.principal) return { key: `u:${request.principal.id}`, userId: request.principal.id, ...base };
  const visitor = request.headers[VOTER_HEADER];
  return { key: duels.visitorKey(typeof visitor === 'string' ? visitor : undefined), userId: null, ...base };
}

export default async function duelRoutes(app: FastifyInstance, opts: { duels: DuelService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { duels } = opts;
  const tags = ['duels'];

  // A fresh signed visitor id, never refused (docs/ranking.md §1, ADR 0028).
  r.post(
    '/api/duels/visitor',
    {
      schema: { tags, response: { 200: visitorIdResponse, ...errors } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { voterId: duels.issueVisitorId() };
    },
  );

  r.get(
    '/api/duels/next',
    {
      schema: {
        tags,
        querystring: duelScopeQuery,
        headers: voterHeaders,
        response: { 200: nextDuelResponse, ...errors },
      },
      // The answer's sides are shared objects with their JSON made once (duel-json.ts); errors as JSON.
      serializerCompiler: ({ httpStatus }) =>
        httpStatus === '200' ? (data: unknown) => nextDuelJson(data as NextDuel) : JSON.stringify,
      // Two small pictures' worth of JSON, on the busiest read: sent as it is (plugins/compression.ts).
      config: { access: 'public', identify: true, compress: false },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A visitor without an id gets one with the duel (ADR 0023); the scope first, so a 404 costs no id.
      if (!request.principal && !request.headers[VOTER_HEADER]) {
        const scope = await duels.resolveScope(request.query);
        return duels.nextForNewVisitor(scope, {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        });
      }
      const voter = voterOf(request, duels);
      return duels.next(await duels.resolveScope(request.query), voter);
    },
  );

  r.post(
    '/api/duels/votes',
    {
      schema: { tags, body: voteInput, headers: voterHeaders, response: { 200: voteResponse, ...errors } },
      // The next duel inside is written as GET /api/duels/next writes it (duel-json.ts); errors as JSON.
      serializerCompiler: ({ httpStatus }) =>
        httpStatus === '200' ? (data: unknown) => voteResultJson(data as VoteResult) : JSON.stringify,
      config: { access: 'public', identify: true },
    },
    async (request) => duels.vote(request.body, voterOf(request, duels)),
  );
}
