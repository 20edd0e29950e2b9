import { type SQL, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ManageNamed,
  errorEnvelope,
  manageListQuery,
  manageNamed,
  manageNamedList,
  namedInput,
} from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { images, jerseys, models, suppliers } from '#db/schema/index.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { containsFolded, pageOffset } from '#lib/search.ts';
import { slugify } from '#lib/slug.ts';
import { imageRef } from '#modules/images/service.ts';

/**
 * Models and suppliers are the same kind of record — a name, a slug and (for suppliers) a logo —
 * referenced by jerseys. One implementation serves both.
 */
type Table = typeof models | typeof suppliers;
interface Kind {
  table: Table;
  path: string;
  tag: string;
  /** The jerseys column that references this record. */
  jerseyColumn: typeof jerseys.modelId | typeof jerseys.supplierId;
  hasLogo: boolean;
}

export const MODEL_KIND: Kind = {
  table: models,
  path: 'models',
  tag: 'models',
  jerseyColumn: jerseys.modelId,
  hasLogo: false,
};
export const SUPPLIER_KIND: Kind = {
  table: suppliers,
  path: 'suppliers',
  tag: 'suppliers',
  jerseyColumn: jerseys.supplierId,
  hasLogo: true,
};

export function namedResourceRoutes(kind: Kind) {
  return async function routes(app: FastifyInstance, opts: { db: Db }) {
    const { db } = opts;
    const { table } = kind;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = [kind.tag];
    const errors = { '4xx': errorEnvelope };
    const idParams = z.strictObject({ id: z.string().uuid() });
    const usage = sql<number>`(select count(*)::int from ${jerseys} where ${kind.jerseyColumn} = ${table.id})`;
    const logoId = 'logoImageId' in table ? table.logoImageId : sql<null>`null`;
    const sorts: Record<string, SQL> = {
      name: asc(table.name),
      '-name': desc(table.name),
      jerseys: asc(usage),
      '-jerseys': desc(usage),
    };

    const select = () =>
      db
        .select({
          id: table.id,
          slug: table.slug,
          name: table.name,
          jerseysCount: usage,
          logo: { id: images.id, width: images.width, height: images.height, variants: images.variants },
        })
        .from(table)
        .leftJoin(images, eq(images.id, logoId));
    type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
    const toDto = (row: Row): ManageNamed => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      jerseysCount: row.jerseysCount,
      logo: imageRef(row.logo),
    });

    async function byId(id: string) {
      const [row] = await select().where(eq(table.id, id));
      if (!row) throw notFound();
      return toDto(row);
    }

    async function save(id: string | null, input: z.infer<typeof namedInput>) {
      const slug = slugify(input.name);
      if (!slug) throw fieldError('name', 'nameRequired');
      const [clash] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.slug, slug), id ? ne(table.id, id) : undefined));
      if (clash) throw fieldError('name', 'slugTaken');
      const values = { name: input.name, slug, ...(kind.hasLogo ? { logoImageId: input.logoImageId ?? null } : {}) };
      if (id === null) {
        const [row] = await db.insert(table).values(values).onConflictDoNothing().returning({ id: table.id });
        if (!row) throw fieldError('name', 'slugTaken');
        return byId(row.id);
      }
      const [row] = await db
        .update(table)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning({ id: table.id });
      if (!row) throw notFound();
      return byId(id);
    }

    const base = `/api/manage/${kind.path}`;
    r.get(
      base,
      {
        schema: { tags, querystring: manageListQuery, response: { 200: manageNamedList, ...errors } },
        config: { access: 'moderator' },
      },
      async (request) => {
        const q = request.query;
        const where = q.search ? containsFolded(table.name, q.search) : undefined;
        const [rows, [total]] = await Promise.all([
          select()
            .where(where)
            .orderBy(sorts[q.sort ?? 'name'] ?? asc(table.name), asc(table.id))
            .limit(q.pageSize)
            .offset(pageOffset(q.page, q.pageSize)),
          db.select({ n: count() }).from(table).where(where),
        ]);
        return { items: rows.map(toDto), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
      },
    );

    r.post(
      base,
      {
        schema: { tags, body: namedInput, response: { 201: manageNamed, ...errors } },
        config: { access: 'moderator' },
      },
      async (request, reply) => reply.status(201).send(await save(null, request.body)),
    );

    r.put(
      `${base}/:id`,
      {
        schema: { tags, params: idParams, body: namedInput, response: { 200: manageNamed, ...errors } },
        config: { access: 'moderator' },
      },
      async (request) => save(request.params.id, request.body),
    );

    r.delete(
      `${base}/:id`,
      {
        schema: { tags, params: idParams, response: { 204: z.null(), ...errors } },
        config: { access: 'moderator' },
      },
      async (request, reply) => {
        const [used] = await db.select({ n: count() }).from(jerseys).where(eq(kind.jerseyColumn, request.params.id));
        if (used && used.n > 0) throw new AppError(409, 'IN_USE', { count: used.n });
        const deleted = await db.delete(table).where(eq(table.id, request.params.id)).returning({ id: table.id });
        if (deleted.length === 0) throw notFound();
        return reply.status(204).send(null);
      },
    );
  };
}
