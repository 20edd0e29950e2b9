import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeInput,
  catalogueOptions,
  errorEnvelope,
  jerseyDetail,
  jerseyInput,
  manageJersey,
  manageJerseyList,
  manageJerseyQuery,
  teamJerseysQuery,
  teamJerseysResponse,
} from '@manto/contracts';
import type { JerseyService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const idParams = z.strictObject({ id: z.string().uuid() });
const slug = z.string().min(1).max(120);

export default async function jerseyRoutes(app: FastifyInstance, opts: { jerseys: JerseyService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { jerseys } = opts;
  const tags = ['jerseys'];

  r.get(
    '/api/catalogue/teams/:teamSlug/jerseys',
    {
      schema: {
        tags,
        params: z.strictObject({ teamSlug: slug }),
        querystring: teamJerseysQuery,
        response: { 200: teamJerseysResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request) => jerseys.listForTeam(request.params.teamSlug, request.query),
  );

  r.get(
    '/api/catalogue/teams/:teamSlug/jerseys/:jerseySlug',
    {
      schema: {
        tags,
        params: z.strictObject({ teamSlug: slug, jerseySlug: slug }),
        response: { 200: jerseyDetail, ...errors },
      },
      config: { access: 'public' },
    },
    async (request) => jerseys.detail(request.params.teamSlug, request.params.jerseySlug),
  );

  const audit = { resource: 'jerseys', load: (id: string) => jerseys.manageById(id) };

  r.get(
    '/api/manage/options',
    {
      schema: { tags, response: { 200: catalogueOptions } },
      config: { access: 'moderator' },
    },
    async () => jerseys.options(),
  );

  r.get(
    '/api/manage/jerseys',
    {
      schema: { tags, querystring: manageJerseyQuery, response: { 200: manageJerseyList, ...errors } },
      config: { access: 'moderator' },
    },
    async (request) => jerseys.listManage(request.query),
  );

  r.post(
    '/api/manage/jerseys',
    {
      schema: { tags, body: jerseyInput, response: { 201: manageJersey, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => reply.status(201).send(await jerseys.create(request.body)),
  );

  r.put(
    '/api/manage/jerseys/:id',
    {
      schema: { tags, params: idParams, body: jerseyInput, response: { 200: manageJersey, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request) => jerseys.update(request.params.id, request.body),
  );

  r.patch(
    '/api/manage/jerseys/:id/active',
    {
      schema: { tags, params: idParams, body: activeInput, response: { 200: manageJersey, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request) => jerseys.setActive(request.params.id, request.body.active),
  );

  r.delete(
    '/api/manage/jerseys/:id',
    {
      schema: { tags, params: idParams, response: { 204: z.null(), ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => {
      await jerseys.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
