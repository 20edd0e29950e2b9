import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeRoundInput,
  errorEnvelope,
  jerseyTournamentsResponse,
  manageTournament,
  manageTournamentList,
  manageTournamentQuery,
  tournamentDetail,
  tournamentInput,
  tournamentListQuery,
  tournamentListResponse,
  tournamentPreviewInput,
  tournamentPreviewResponse,
} from '@manto/contracts';
import type { TournamentService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const idParams = z.strictObject({ id: z.string().uuid() });
const slugParams = z.strictObject({ slug: z.string().trim().min(1).max(120) });

export default async function tournamentRoutes(app: FastifyInstance, opts: { tournaments: TournamentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tournaments } = opts;
  const tags = ['tournaments'];
  const audit = { resource: 'tournaments', load: (id: string) => tournaments.manageById(id) };

  r.get(
    '/api/tournaments',
    {
      schema: { tags, querystring: tournamentListQuery, response: { 200: tournamentListResponse, ...errors } },
      config: { access: 'public' },
    },
    async (request) => tournaments.list(request.query),
  );

  r.get(
    '/api/tournaments/jerseys/:id',
    {
      schema: {
        tags,
        description: 'The tournaments a jersey was drawn into and how far it went.',
        params: idParams,
        response: { 200: jerseyTournamentsResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request) => tournaments.ofJersey(request.params.id),
  );

  r.get(
    '/api/tournaments/:slug',
    {
      schema: { tags, params: slugParams, response: { 200: tournamentDetail, ...errors } },
      config: { access: 'public' },
    },
    async (request) => tournaments.detail(request.params.slug),
  );

  r.get(
    '/api/manage/tournaments',
    {
      schema: { tags, querystring: manageTournamentQuery, response: { 200: manageTournamentList, ...errors } },
      config: { access: 'moderator' },
    },
    async (request) => tournaments.manageList(request.query),
  );

  r.post(
    '/api/manage/tournaments/preview',
    {
      schema: {
        tags,
        description: 'How many active jerseys a pool holds now and the first round it would draw.',
        body: tournamentPreviewInput,
        response: { 200: tournamentPreviewResponse, ...errors },
      },
      // A preview writes nothing.
      config: { access: 'moderator', audit: false },
    },
    async (request) => tournaments.preview(request.body),
  );

  r.post(
    '/api/manage/tournaments',
    {
      schema: { tags, body: tournamentInput, response: { 201: manageTournament, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => reply.status(201).send(await tournaments.create(request.body)),
  );

  r.put(
    '/api/manage/tournaments/:id',
    {
      schema: { tags, params: idParams, body: tournamentInput, response: { 200: manageTournament, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request) => tournaments.update(request.params.id, request.body),
  );

  r.delete(
    '/api/manage/tournaments/:id',
    {
      schema: { tags, params: idParams, response: { 204: z.null(), ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => {
      await tournaments.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/manage/tournaments/:id/close-round',
    {
      schema: {
        tags,
        description:
          'Closes round `round` now ("Encerrar rodada agora") if it is still the open one; the next one opens at ' +
          'once. A round no longer open (closed by another request or at its planned end) is 409 ROUND_NOT_OPEN.',
        params: idParams,
        body: closeRoundInput,
        response: { 200: manageTournament, ...errors },
      },
      config: { access: 'moderator', audit: { ...audit, action: 'close-round' } },
    },
    async (request) => tournaments.closeRound(request.params.id, request.body.round),
  );
}
