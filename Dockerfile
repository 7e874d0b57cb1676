# The production image. Its steps are those of .ci/production-install, which CI runs on every change:
# build with the dev dependencies, then a clean folder with the API's production dependencies only and
# the built bundle (apps/api/dist: main.js, migrate.js, admin.js, the SQL migrations, the console).
# Run the migrations once with `node dist/migrate.js`, then the servers with MIGRATE_ON_START=false
# (compose.yaml; README "Deploying").

# Node.js 22, an LTS line; the code runs on 20.19 and later too (package.json engines; CI runs 20).
FROM node:22-bookworm-slim AS build
WORKDIR /src
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/console/package.json apps/console/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The commit goes into the metrics' build info (skyvault_build_info); .git stays out of the image, so it
# comes as an argument: docker compose build passes SKYVAULT_COMMIT (README "Deploying").
ARG SKYVAULT_COMMIT=unknown
RUN SKYVAULT_COMMIT=$SKYVAULT_COMMIT npm run build

FROM node:22-bookworm-slim AS runtime
# glibc's allocator otherwise keeps, in each worker thread's arena, the largest block it has freed:
# argon2id's 19 MiB a password check, tens of MiB over the thread pool (README "Memory on the embedded
# database"). With the threshold fixed, blocks of 128 KiB and more go back to the system when freed.
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# What npm needs to install the api workspace (it depends on the contract workspace by name; the
# bundle has the contract's code inlined, so its manifest is all that is copied).
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @skyvault/api && npm cache clean --force
COPY --from=build /src/apps/api/dist apps/api/dist
# DATA_DIR holds nothing on PostgreSQL but the mail outbox when SMTP_URL is unset; owned by the server's
# user, the image's unprivileged `node` (uid 1000), never root.
RUN mkdir -p /app/data && chown node:node /app/data
ENV DATA_DIR=/app/data \
    HOST=0.0.0.0 \
    PORT=8080
USER node
WORKDIR /app/apps/api
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
