# syntax=docker/dockerfile:1
# Manto's image: the API and the built web app, served by one Node process (docs/operations.md).
#
# Node 22 ("Jod") is an LTS line with security fixes until April 2027. The project runs on Node ≥ 20.19
# (package.json "engines") and its tests run on Node 20, whose support ended in April 2026, so the image
# moves to the next LTS line; the code uses nothing that differs between the two. bookworm-slim: Debian 12
# with glibc, which the prebuilt binaries of sharp (libvips) and @node-rs/argon2 in the lock file are built
# for, and the same Debian as the machines the drills run on. To move to Node 24 LTS (supported until April
# 2028): --build-arg NODE_IMAGE=node:24-bookworm-slim, then run the drills against it.
ARG NODE_IMAGE=node:22-bookworm-slim

# ——— build: every dependency, the web build (apps/web/dist) and the API bundle (apps/api/dist) ———
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ——— deps: the API's and the web app's production dependencies only (the workspace packages are bundled
# into dist; the web app's are what its server renderer, apps/web/dist-server, imports: ADR 0038) ———
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --workspace @manto/api --workspace @manto/web --no-audit --no-fund \
 && npm cache clean --force

# ——— runtime: node_modules, the bundles, the migrations, the built web app and its server renderer; runs as `node` ———
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code and dependencies belong to root and are read-only to the process; only /data is its to write.
# The lock file nests some of the API's packages under apps/api/node_modules (a version other than the root's).
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/apps/api/package.json ./apps/api/
COPY --from=build /src/apps/api/dist ./apps/api/dist
COPY --from=build /src/apps/api/drizzle ./apps/api/drizzle
COPY --from=build /src/apps/web/dist ./apps/web/dist
COPY --from=build /src/apps/web/dist-server ./apps/web/dist-server
COPY --from=build /src/apps/web/package.json ./apps/web/
# DATA_DIR: uploaded images (DATA_DIR/images), shared by every replica through one volume (ADR 0037).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness: the process answers. Readiness (GET /api/ready: the database answers, not draining) is for the
# balancer (deploy/haproxy.cfg). The slim image has no curl: Node's own fetch asks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrations as their own step: `docker compose run --rm migrate`, i.e. node apps/api/dist/migrate.js.
CMD ["node", "apps/api/dist/server.js"]
