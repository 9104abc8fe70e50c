import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { buildServer } from './server.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`The server does not start: ${error.message}`);
  process.exit(1);
}
// Set on SIGTERM: /health/ready answers 503 from then on (docs/deploy.md#health-and-shutdown).
let isDraining = false;
const closeSteps = new Set<string>();
const app = await buildServer(config, { isDraining: () => isDraining, closeSteps });
if (config.isLocalIdpAllowed && !config.googleClientId) {
  app.log.warn(
    config.localIdpClients === 'loopback'
      ? 'Sign-in is the local identity provider (/dev-idp), not Google: no GOOGLE_CLIENT_ID is set. It signs in any address, so it answers only browsers on this machine (loopback); inside a container, set DEV_IDP=on.'
      : 'Sign-in is the local identity provider (/dev-idp), not Google, open to this machine and its private networks (DEV_IDP=on): anyone on them can sign in as anyone. Set GOOGLE_CLIENT_ID for a real site.',
  );
}

/** An orchestrator sends SIGKILL 30 s after SIGTERM: whatever is still running by then is given up a little earlier, logged. */
const SHUTDOWN_LIMIT_MS = 28_000;
/** A connection open this long without a byte of a request is not about to send one: the drain ends it. */
const UNUSED_CONNECTION_MS = 1_000;

/**
 * Every open connection, since when, and the request it carries now: what a drain waits for, and what its log
 * names if it overruns. Node's close ends kept-alive connections between requests, but not one that has not
 * sent its first request yet: that one it waits for until its headersTimeout (60 s, checked every 30 s), past
 * the limit. Clients open such connections ahead of use (Node's fetch does after an aborted request; browsers
 * and load balancers preconnect), so the drain ends them itself.
 */
const connections = new Map<Socket, { openedAt: number; request: { what: string; at: number } | null }>();
app.server.on('connection', (socket: Socket) => {
  connections.set(socket, { openedAt: Date.now(), request: null });
  socket.once('close', () => connections.delete(socket));
});
app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
  const connection = connections.get(request.socket);
  if (!connection) return;
  // The path only: a query string may hold a token or an address.
  connection.request = { what: `${request.method} ${(request.url ?? '').split('?')[0]}`, at: Date.now() };
  response.once('close', () => {
    connection.request = null;
  });
});

function endUnusedConnections() {
  const now = Date.now();
  for (const [socket, connection] of connections)
    if (socket.bytesRead === 0 && now - connection.openedAt >= UNUSED_CONNECTION_MS) socket.destroy();
}

/** What still runs, for the log of a drain that overran: the open connections, then the steps of the close. */
function stillRunning() {
  const now = Date.now();
  return {
    connections: [...connections].map(([socket, { openedAt, request }]) =>
      request
        ? `${request.what}, in flight for ${now - request.at} ms`
        : `${socket.bytesRead === 0 ? 'unused' : 'between requests'}, open for ${now - openedAt} ms`,
    ),
    closeSteps: [...closeSteps],
  };
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    isDraining = true;
    const signalledAt = Date.now();
    app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'draining: not ready, finishing what is in flight');
    setTimeout(() => {
      app.log.error(stillRunning(), `shutdown took too long: exiting ${SHUTDOWN_LIMIT_MS} ms after ${signal} with these still running`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // The delay lets a load balancer that polls /health/ready stop sending new requests first. Then Fastify
    // stops accepting, ends the event streams (their browsers reconnect to another instance), waits for the
    // requests in flight and closes the queue and the pools.
    setTimeout(() => {
      endUnusedConnections();
      setInterval(endUnusedConnections, 250).unref();
      app.close().then(
        () => {
          app.log.info({ ms: Date.now() - signalledAt }, 'drained');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'closing failed');
          process.exit(1);
        },
      );
    }, config.shutdownDelayMs);
  });
}

await app.listen({ port: config.port, host: config.host });
