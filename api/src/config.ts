import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_ENTRY_FILE, REMOTES, REMOTE_NAMES, type RemotesMap } from '@tasko/shared/domain';

/** The repository root: every package's dist/ is found from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppConfig {
  port: number;
  host: string;
  isProduction: boolean;
  /** Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The embedded database's folder, or 'memory' (tests). */
  pgliteDir: string;
  uploadDir: string;
  /** Photos in S3-compatible object storage when S3_BUCKET is set; otherwise in uploadDir. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string } | undefined;
  googleClientId: string | undefined;
  /** The local OpenID provider runs without a Google client id, except in production unless DEV_IDP=on. */
  isLocalIdpAllowed: boolean;
  /** The local provider answers only connections from this machine, unless DEV_IDP=on (a container, say). */
  isLocalIdpLoopbackOnly: boolean;
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify's `trustProxy`): false (none, the default), a hop
   * count, or proxy addresses and CIDRs. Never `true`, which would let every client pick its own address.
   */
  trustProxy: false | number | string[];
  /** The site's own origin as visitors see it (links in sitemaps, OpenID redirect checks). */
  publicOrigin: string;
  /** When set: http→https, bare host→www, embedded-URL paths → this origin (SPEC §2 "On load"). */
  canonicalOrigin: string | undefined;
  /**
   * Remote name → URL of its remoteEntry.js from MFE_<NAME>_URL (a CDN, a dev server). It wins over the
   * release manifest, which wins over the site's own build (plugins/site/remoteEntries.ts).
   */
  remoteUrls: Partial<RemotesMap>;
  /** Where the built shell and remotes live on disk. */
  distRoot: string;
  adminEmails: string[];
  redisUrl: string | undefined;
  /** Demo listings on a fresh database (on unless DEMO_DATA=off). */
  hasDemoData: boolean;
  /** Sign-in attempts allowed per client and minute. */
  signInRateLimit: number;
  /** Writes (publish, edit, close, delete, settings) allowed per client and minute. */
  writeRateLimit: number;
  /** Contact reveals ("Show phone") per client address in 10 minutes. */
  contactRevealLimit: number;
  /** Analytics batches per client address per minute. */
  eventsRateLimit: number;
  /** How long a public search answer may be served from memory (0: never). */
  searchCacheMs: number;
  /** Alert emails go over SMTP when set (`smtp://user:pass@host:587`); otherwise into `DATA_DIR/outbox` as .eml files. */
  smtpUrl: string | undefined;
  /** The From of alert emails. */
  mailFrom: string;
  /** The outbox folder of the embedded default (no SMTP_URL), shown at /dev-mail. */
  outboxDir: string;
  /** Structured logs; off in tests unless LOG_LEVEL is set. */
  logLevel: string;
}

function remoteEntryUrl(value: string): string {
  return value.endsWith('.js') || value.endsWith('.json') ? value : `${value.replace(/\/+$/, '')}/${REMOTE_ENTRY_FILE}`;
}

/** A setting the server refuses to start with; the message says what to change. */
export class ConfigError extends Error {}

function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

function trustProxyOf(value: string | undefined): AppConfig['trustProxy'] {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === '' || setting === 'false' || setting === 'off' || setting === '0') return false;
  if (setting === 'true' || setting === 'on') {
    throw new ConfigError(
      'TRUST_PROXY=true would believe X-Forwarded-For from any client, so anyone could dodge the rate limits. Set the number of proxy hops in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
    );
  }
  if (/^\d+$/.test(setting)) return Number(setting);
  const proxies = setting.split(',').map((p) => p.trim()).filter(Boolean);
  const invalid = proxies.filter((p) => !isAddressOrCidr(p));
  if (invalid.length > 0) throw new ConfigError(`TRUST_PROXY: not a hop count, an address or a CIDR: ${invalid.join(', ')}`);
  return proxies;
}

/** Combinations that would run but be unsafe or broken: refused at start, with what to do instead. */
function checkCombinations(config: AppConfig, env: NodeJS.ProcessEnv): void {
  if (config.canonicalOrigin?.startsWith('https:') && config.trustProxy === false) {
    throw new ConfigError(
      'CANONICAL_ORIGIN is https, which needs a TLS proxy in front of this server: set TRUST_PROXY to that proxy (a hop count or its addresses), or every request would be redirected to https forever.',
    );
  }
  if (config.isLocalIdpAllowed && config.adminEmails.length > 0 && env.DEV_IDP !== 'on') {
    throw new ConfigError(
      'ADMIN_EMAILS is set while sign-in is the local identity provider, which signs in any address, moderators included. Set GOOGLE_CLIENT_ID, or DEV_IDP=on if this really is a development machine.',
    );
  }
}

/** The one config factory: every setting comes from the environment, all optional. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  const remoteUrls: Partial<RemotesMap> = {};
  for (const name of REMOTE_NAMES) {
    const configured = env[REMOTES[name].envVar];
    if (configured) remoteUrls[name] = remoteEntryUrl(configured);
  }
  const config: AppConfig = {
    port,
    host: env.HOST ?? '0.0.0.0',
    isProduction: env.NODE_ENV === 'production',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: env.PGLITE_DIR === 'memory' ? 'memory' : path.resolve(env.PGLITE_DIR ?? path.join(dataDir, 'pglite')),
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION ?? 'us-east-1'}.amazonaws.com`,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL } : {}),
        }
      : undefined,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    isLocalIdpAllowed: !env.GOOGLE_CLIENT_ID && (env.NODE_ENV !== 'production' || env.DEV_IDP === 'on'),
    isLocalIdpLoopbackOnly: env.DEV_IDP !== 'on',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    canonicalOrigin: env.CANONICAL_ORIGIN ? env.CANONICAL_ORIGIN.replace(/\/+$/, '') : undefined,
    remoteUrls,
    distRoot: path.resolve(env.DIST_ROOT ?? REPO_ROOT),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    redisUrl: env.REDIS_URL || undefined,
    hasDemoData: (env.DEMO_DATA ?? 'on') !== 'off',
    signInRateLimit: Number(env.SIGN_IN_RATE_LIMIT ?? 10),
    writeRateLimit: Number(env.WRITE_RATE_LIMIT ?? 30),
    contactRevealLimit: Number(env.CONTACT_REVEAL_LIMIT ?? 20),
    eventsRateLimit: Number(env.EVENTS_RATE_LIMIT ?? 60),
    searchCacheMs: Number(env.SEARCH_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 2000)),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Tasko <alerts@localhost>',
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
  checkCombinations(config, env);
  return config;
}
