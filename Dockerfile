# Atrium's production image (docs/deploy.md "Containers", ADR 0075). The project's machines cannot run
# containers, so each step here is a command the test suite runs itself on a copy of the repository
# (apps/server/test/pruned-build-starts-and-drains.test.ts): the same build, the same pruned tree, the same
# `node` command.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/atrium
# The pruned tree as built (node_modules links the workspaces, so their folders come along); root owns it
# and the server cannot rewrite its own code.
COPY --from=build /app /app
RUN mkdir -p /var/lib/atrium && chown node:node /var/lib/atrium
WORKDIR /app
USER node
EXPOSE 3000
# Liveness only (the process answers); readiness (/v1/health/ready) is the proxy's and orchestrator's business.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself; it drains within 10 s (compose.yaml waits 20 s).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
