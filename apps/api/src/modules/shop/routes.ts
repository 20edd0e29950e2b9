import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  jerseyOfferResponse,
  manageProductDetail,
  manageProductList,
  manageProductQuery,
  productDetail,
  productInput,
  productList,
  productListQuery,
  shopFilters,
} from '@manto/contracts';
import { notFound } from '#lib/app-error.ts';
import type { ShopService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const idParams = z.strictObject({ id: z.string().uuid() });
const tags = ['shop'];

/** The public shop: registered always (so the API document lists it), 404 on every route while it is off. */
async function publicRoutes(app: FastifyInstance, opts: { shop: ShopService; enabled: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shop } = opts;
  app.addHook('onRequest', async () => {
    if (!opts.enabled) throw notFound();
  });

  r.get(
    '/api/shop/products',
    {
      schema: { tags, querystring: productListQuery, response: { 200: productList, ...errors } },
      config: { access: 'public' },
    },
    async (request) => shop.list(request.query, request.language),
  );

  r.get(
    '/api/shop/filters',
    { schema: { tags, response: { 200: shopFilters, ...errors } }, config: { access: 'public' } },
    async () => shop.filters(),
  );

  r.get(
    '/api/shop/products/:slug',
    {
      schema: {
        tags,
        params: z.strictObject({ slug: z.string().min(1).max(120) }),
        response: { 200: productDetail, ...errors },
      },
      config: { access: 'public' },
    },
    async (request) => shop.detail(request.params.slug, request.language),
  );

  r.get(
    '/api/shop/jerseys/:id/offer',
    {
      schema: { tags, params: idParams, response: { 200: jerseyOfferResponse, ...errors } },
      config: { access: 'public' },
    },
    async (request) => shop.jerseyOffer(request.params.id, request.language),
  );
}

/** Sistema's products: moderators keep the inventory whether or not the shop is open. */
async function manageRoutes(app: FastifyInstance, opts: { shop: ShopService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shop } = opts;
  const audit = { resource: 'products', load: (id: string) => shop.manageDetail(id) };

  r.get(
    '/api/manage/products',
    {
      schema: { tags, querystring: manageProductQuery, response: { 200: manageProductList, ...errors } },
      config: { access: 'moderator' },
    },
    async (request) => shop.listManage(request.query, request.language),
  );

  r.get(
    '/api/manage/products/:id',
    {
      schema: { tags, params: idParams, response: { 200: manageProductDetail, ...errors } },
      config: { access: 'moderator' },
    },
    async (request) => shop.manageDetail(request.params.id),
  );

  r.post(
    '/api/manage/products',
    {
      schema: { tags, body: productInput, response: { 201: manageProductDetail, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => reply.status(201).send(await shop.create(request.body)),
  );

  r.put(
    '/api/manage/products/:id',
    {
      schema: { tags, params: idParams, body: productInput, response: { 200: manageProductDetail, ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request) => shop.update(request.params.id, request.body),
  );

  r.delete(
    '/api/manage/products/:id',
    {
      schema: { tags, params: idParams, response: { 204: z.null(), ...errors } },
      config: { access: 'moderator', audit },
    },
    async (request, reply) => {
      await shop.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}

export default async function shopRoutes(app: FastifyInstance, opts: { shop: ShopService; enabled: boolean }) {
  await app.register(publicRoutes, opts);
  await app.register(manageRoutes, opts);
}
