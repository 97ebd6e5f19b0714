# syntax=docker/dockerfile:1
# Every stage starts from node:24-bookworm-slim pinned by digest, so a rebuild months from now
# starts from the same bytes, not from whatever the tag points at then. The digest is the tag's
# multi-arch index for Node 24.21.0 on Debian 12, as public Dockerfiles and an image scan report
# pinned it in October 2026; it was not pulled where this file was written (no Docker daemon
# there). Check it, or take the current one, with
#   docker buildx imagetools inspect node:24-bookworm-slim
# Dependabot (.github/dependabot.yml, `docker`) proposes the next digest as the tag moves.

# Build stage: full dependencies, compile TypeScript.
FROM node:24-bookworm-slim@sha256:d6aa754f16b3197301076f047b5def2f02ea1dbbc2ca920407d46d7ec7f87b20 AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY nest-cli.json tsconfig.json tsconfig.build.json ./
COPY scripts/bundle.mjs ./scripts/
COPY src ./src
# The MCP App and the methodology page's worker (bundled by esbuild, a build-time dependency), then
# the server (nest build).
RUN npm run build

# Production dependencies only.
FROM node:24-bookworm-slim@sha256:d6aa754f16b3197301076f047b5def2f02ea1dbbc2ca920407d46d7ec7f87b20 AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force

# Runtime: compiled code, production node_modules and the data, as the unprivileged `node` user.
FROM node:24-bookworm-slim@sha256:d6aa754f16b3197301076f047b5def2f02ea1dbbc2ca920407d46d7ec7f87b20
# tini is PID 1: it forwards SIGTERM to Node from the first instant (before the service has
# installed its own handlers, a signal to a PID 1 without one is ignored) and reaps zombies.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX as `npm start` sets it: two malloc arenas rather than one per thread.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
COPY --chown=root:root data ./data
USER node
# 3000: the service (and /metrics, unless METRICS_PORT moves it); 9464: /metrics with METRICS_PORT=9464,
# as the Kubernetes manifests set it.
EXPOSE 3000 9464
# The port the service listens on, as PORT says (the shell form sees the container's environment).
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# The heap flags of `npm start` (why these: docs/benchmarks.md#nodes-heap-flags; a test holds the two equal).
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=4", "dist/main"]
