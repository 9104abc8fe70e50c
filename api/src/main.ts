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
const app = await buildServer(config, { isDraining: () => isDraining });
if (config.isLocalIdpAllowed && !config.googleClientId) {
  app.log.warn(
    config.localIdpClients === 'loopback'
      ? 'Sign-in is the local identity provider (/dev-idp), not Google: no GOOGLE_CLIENT_ID is set. It signs in any address, so it answers only browsers on this machine (loopback); inside a container, set DEV_IDP=on.'
      : 'Sign-in is the local identity provider (/dev-idp), not Google, open to this machine and its private networks (DEV_IDP=on): anyone on them can sign in as anyone. Set GOOGLE_CLIENT_ID for a real site.',
  );
}

/** An orchestrator sends SIGKILL 30 s after SIGTERM: whatever is still running by then is given up a little earlier, logged. */
const SHUTDOWN_LIMIT_MS = 28_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    isDraining = true;
    app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'draining: not ready, finishing what is in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting with requests still open');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // The delay lets a load balancer that polls /health/ready stop sending new requests first. Then Fastify
    // stops accepting, ends the event streams (their browsers reconnect to another instance), waits for the
    // requests in flight and closes the queue and the pools.
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'closing failed');
          process.exit(1);
        },
      );
    }, config.shutdownDelayMs);
  });
}

await app.listen({ port: config.port, host: config.host });
