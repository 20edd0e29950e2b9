import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  manageNamedQuery,
  manageNamed,
  manageNamedList,
  modelInput,
  supplierInput,
} from '@manto/contracts';
import type { CatalogueKind } from './repository.ts';
import type { CatalogueService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const idParams = z.strictObject({ id: z.string().uuid() });
/** Each kind's path under /api/manage/, also its docs tag. */
const PATHS: Record<CatalogueKind, string> = { MODEL: 'models', SUPPLIER: 'suppliers' };
/** Each kind's body: a model has no logo, so one sent is refused by name (ADR 0032). */
const INPUTS = { MODEL: modelInput, SUPPLIER: supplierInput } as const;

/** The management routes of one kind of catalogue record; registered once per kind. */
export default async function catalogueRoutes(app: FastifyInstance, opts: { records: CatalogueService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { records } = opts;
  const path = PATHS[records.kind];
  const tags = [path];
  const base = `/api/manage/${path}`;
  const audit = { resource: path, load: (id: string) => records.byId(id) };
  const body = INPUTS[records.kind];

  r.get(
    base,
    {
      schema: { tags, querystring: manageNamedQuery, response: { 200: manageNamedList, ...errors } },
      config: { access: 'moderator' },
    },
    async (request) => records.list(request.query),
  );

  r.post(
    base,
    {
      schema: { tags, body, response: { 201: manageNamed, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => reply.status(201).send(await records.create(request.body)),
  );

  r.put(
    `${base}/:id`,
    {
      schema: { tags, params: idParams, body, response: { 200: manageNamed, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request) => records.update(request.params.id, request.body),
  );

  r.delete(
    `${base}/:id`,
    {
      schema: { tags, params: idParams, response: { 204: z.null(), ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => {
      await records.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
