import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  manageTeamQuery,
  manageTeam,
  manageTeamList,
  teamInput,
  teamListQuery,
  teamListResponse,
  teamOptionsResponse,
} from '@manto/contracts';
import type { TeamService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const idParams = z.strictObject({ id: z.string().uuid() });

export default async function teamRoutes(app: FastifyInstance, opts: { teams: TeamService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  const audit = { resource: 'teams', load: (id: string) => opts.teams.manageById(id) };

  r.get(
    '/api/teams',
    {
      schema: { tags, description: 'Every team, for selects.', response: { 200: teamOptionsResponse } },
      config: { access: 'public' },
    },
    async () => opts.teams.options(),
  );

  r.get(
    '/api/catalogue/teams',
    {
      schema: { tags, querystring: teamListQuery, response: { 200: teamListResponse, ...errors } },
      config: { access: 'public' },
    },
    async (request) => opts.teams.listPublic(request.query),
  );

  r.get(
    '/api/manage/teams',
    {
      schema: { tags, querystring: manageTeamQuery, response: { 200: manageTeamList, ...errors } },
      config: { access: 'moderator' },
    },
    async (request) => opts.teams.listManage(request.query),
  );

  r.post(
    '/api/manage/teams',
    {
      schema: { tags, body: teamInput, response: { 201: manageTeam, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => reply.status(201).send(await opts.teams.create(request.body)),
  );

  r.put(
    '/api/manage/teams/:id',
    {
      schema: { tags, params: idParams, body: teamInput, response: { 200: manageTeam, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request) => opts.teams.update(request.params.id, request.body),
  );

  r.delete(
    '/api/manage/teams/:id',
    {
      schema: { tags, params: idParams, response: { 204: z.null(), ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => {
      await opts.teams.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
