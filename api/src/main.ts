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
const app = await buildServer(config);
if (config.isLocalIdpAllowed && !config.googleClientId) {
  app.log.warn(
    config.isLocalIdpLoopbackOnly
      ? 'Sign-in is the local identity provider (/dev-idp), not Google: no GOOGLE_CLIENT_ID is set. It signs in any address, so it answers only browsers on this machine (loopback); inside a container, set DEV_IDP=on.'
      : 'Sign-in is the local identity provider (/dev-idp), not Google, open to every address (DEV_IDP=on): anyone who reaches this server can sign in as anyone. Set GOOGLE_CLIENT_ID for a real site.',
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
