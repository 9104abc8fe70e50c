# syntax=docker/dockerfile:1
# The Tasko image: one API instance serving the site and /api/v1 (docs/deploy.md#the-image). compose.yaml runs
# two of it behind nginx; a cluster runs as many as it likes, all alike.
#
#   docker build -t tasko .
#
# Four stages: `manifests` holds the package files both installs start from, `build` installs everything and runs
# the production build, `deps` installs only what the server needs at run time, `runtime` puts the two together
# and runs as the unprivileged `node` user.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------------------------------------------------------
# The manifests alone, the base of both installs below: a change of source reuses their node_modules layers. npm ci
# checks the lock file against every workspace, e2e included, so each manifest is here.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json tsconfig.base.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mfe-jobs/package.json mfe-jobs/
COPY mfe-services/package.json mfe-services/
COPY mfe-posting/package.json mfe-posting/
COPY mfe-content/package.json mfe-content/
COPY mfe-account/package.json mfe-account/
COPY api/package.json api/
COPY e2e/package.json e2e/

# ---------------------------------------------------------------------------------------------------------------
FROM manifests AS build
RUN npm ci
COPY . .
# The shell and every remote into their dist/ (with .br and .gz beside each text file): release zero of each area.
RUN node scripts/build.mjs

# ---------------------------------------------------------------------------------------------------------------
FROM manifests AS deps
# Production dependencies of the three workspaces the server loads: api (tsx is one of its dependencies, so the
# TypeScript runs as it is), shared (its pure parts: domain, validation, format, locales) and mfe-content, whose
# blog loader the server requires for the articles' titles and dates (it needs front-matter).
RUN npm ci --omit=dev --workspace=api --workspace=shared --workspace=mfe-content

# ---------------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app

# node_modules (the root's and the nested ones), the workspace manifests with their links, tsconfig.base.json.
COPY --from=deps /app/ ./
# The server: its sources, run by tsx, its tsconfig (which extends the base above) and its migrations.
COPY --from=build /app/api/tsconfig.json api/
COPY --from=build /app/api/src api/src
COPY --from=build /app/api/drizzle api/drizzle
COPY --from=build /app/shared/src shared/src
# What the server reads from other workspaces' sources: the favicon, the blog's articles and loader, the texts
# of /ai-info (api/src/plugins/site/site.plugin.ts, pageSubjects.ts, crawlers.ts).
COPY --from=build /app/shell/public shell/public
COPY --from=build /app/mfe-content/build mfe-content/build
COPY --from=build /app/mfe-content/src/blog mfe-content/src/blog
COPY --from=build /app/mfe-content/src/locales mfe-content/src/locales
# The built site, served under /mfe/ while the release manifest names no later release (docs/releases.md).
COPY --from=build /app/shell/dist shell/dist
COPY --from=build /app/mfe-jobs/dist mfe-jobs/dist
COPY --from=build /app/mfe-services/dist mfe-services/dist
COPY --from=build /app/mfe-posting/dist mfe-posting/dist
COPY --from=build /app/mfe-content/dist mfe-content/dist
COPY --from=build /app/mfe-account/dist mfe-account/dist

# The code stays root's and read-only to the server; DATA_DIR is the one folder it writes (the local identity
# provider's key, the outbox without SMTP_URL, photos and releases without S3_BUCKET).
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node

# tsx reads api/tsconfig.json from the working folder.
WORKDIR /app/api
EXPOSE 8080

# Ready, not merely alive: compose's depends_on waits on it (docs/deploy.md#health-and-shutdown). The slim image
# has no curl, so node's own fetch asks.
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/ready', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]

# The server drains on SIGTERM: not ready at once, SHUTDOWN_DELAY_MS, event streams closed, requests finished.
STOPSIGNAL SIGTERM
# node itself is PID 1 with tsx as a loader in the same process: `npm start` or the tsx command would put a
# parent process between the signal and the server.
CMD ["node", "--import", "tsx", "src/main.ts"]
