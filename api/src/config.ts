import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { REMOTE_ENTRY_FILE, REMOTES, REMOTE_NAMES, type RemotesMap } from '@tasko/shared/domain';

/** The repository root: every package's dist/ is found from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppConfig {
  port: number;
  host: string;
  isProduction: boolean;
  /** Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** A streaming replica of the primary for public reads (docs/deploy.md#reads-from-the-replica); unset: the primary. */
  databaseReplicaUrl: string | undefined;
  /** How far behind the replica may be before public reads go to the primary again. */
  replicaMaxLagMs: number;
  /** After SIGTERM: how long the instance answers "not ready" before it stops taking requests (docs/deploy.md#health-and-shutdown). */
  shutdownDelayMs: number;
  dataDir: string;
  /** The embedded database's folder, or 'memory' (tests). */
  pgliteDir: string;
  uploadDir: string;
  /** Photos in S3-compatible object storage when S3_BUCKET is set; otherwise in uploadDir. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string } | undefined;
  googleClientId: string | undefined;
  /** The local OpenID provider runs without a Google client id, except in production unless DEV_IDP=on. */
  isLocalIdpAllowed: boolean;
  /**
   * Whom the local provider and the outbox answer, by the client's address as the server resolves it (a trusted
   * proxy's report): this machine, or with DEV_IDP=on its private networks too (a container's host), never a
   * public address (docs/security.md, "The local identity provider behind a proxy").
   */
  localIdpClients: 'loopback' | 'privateNetworks';
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify's `trustProxy`): false (none, the default), a hop
   * count, or proxy addresses and CIDRs. Never `true`, which would let every client pick its own address.
   */
  trustProxy: false | number | string[];
  /** The site's own origin as visitors see it (links in sitemaps, OpenID redirect checks). */
  publicOrigin: string;
  /** When set: http→https, bare host→www, embedded-URL paths → this origin (docs/product.md#routes, "On load"). */
  canonicalOrigin: string | undefined;
  /**
   * Remote name → URL of its remoteEntry.js from MFE_<NAME>_URL (a CDN, a dev server). It wins over the
   * release manifest, which wins over the site's own build (plugins/site/siteReleases.ts).
   */
  remoteUrls: Partial<RemotesMap>;
  /** Where the built shell and remotes live on disk. */
  distRoot: string;
  adminEmails: string[];
  redisUrl: string | undefined;
  /** Put before every key the site writes in Redis, so several sites (or test workers) can share one. */
  redisKeyPrefix: string;
  /** Demo listings on a fresh database (on unless DEMO_DATA=off). */
  hasDemoData: boolean;
  /** Sign-in attempts allowed per client and minute. */
  signInRateLimit: number;
  /** Writes (publish, edit, close, delete, settings) allowed per client and minute. */
  writeRateLimit: number;
  /** Contact reveals ("Show phone") per signed-in user in 10 minutes. */
  contactRevealLimit: number;
  /** Contact reveals per client address in 10 minutes, across every account behind it (high: carrier NAT). */
  contactRevealAddressLimit: number;
  /** Contact reveals in 10 minutes for an account younger than a day. */
  contactRevealNewAccountLimit: number;
  /** Server time a post or edit may spend on its photos before it answers 503 `uploadTimeout`, storing nothing. */
  uploadTimeBudgetMs: number;
  /** Analytics batches per client address per minute. */
  eventsRateLimit: number;
  /** The deal on the site (docs/deal.md): applications per user an hour. */
  applicationRateLimit: number;
  /** Messages per user a minute. */
  messageRateLimit: number;
  /** New conversations (applications) per user in 24 hours. */
  conversationDailyLimit: number;
  /** Days after the work is marked done during which both sides may review; fractions allowed. */
  reviewWindowDays: number;
  /** Hours an offer of the job waits for the applicant's answer before it lapses back to `sent`; fractions allowed. */
  hireOfferHours: number;
  /** Where local releases and their manifest live (docs/releases.md); unused with S3_BUCKET. */
  releasesDir: string;
  /**
   * When a canary rolls back by itself: the page loads and distinct visitors each arm needs first, the
   * error-rate excess in points, and the visitors one client address may bring in an hour (docs/releases.md).
   */
  canary: { minLoads: number; minVisitors: number; maxExcessPoints: number; maxVisitorsPerAddress: number };
  /** How often this server writes the canaries' counts into the release manifest and judges them (0: nothing is counted; a preview server). */
  releaseStatsFlushMs: number;
  /** Browser error reports per client address per minute, and as many page-load beacons. */
  clientErrorRateLimit: number;
  /** How long a public search answer may be served from memory (0: never). */
  searchCacheMs: number;
  /** The most events one connection of the live stream replays before it sends `resync` (docs/deal.md). */
  streamReplayMax: number;
  /** Alert emails go over SMTP when set (`smtp://user:pass@host:587`); otherwise into `DATA_DIR/outbox` as .eml files. */
  smtpUrl: string | undefined;
  /** The From of alert emails. */
  mailFrom: string;
  /** The outbox folder of the embedded default (no SMTP_URL), shown at /dev-mail. */
  outboxDir: string;
  /** Structured logs; off in tests unless LOG_LEVEL is set. */
  logLevel: LogLevel;
}

/** A setting the server refuses to start with; the message names every wrong one and what to change. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

/** The widest proxy ranges believed without TRUST_PROXY_WIDE=on: wider would take in strangers' networks. */
const NARROWEST_PREFIX = { 4: 8, 6: 32 } as const;

const onOff = z.enum(['on', 'off'], { error: 'expected on or off' });

/** A whole number within bounds, written in digits: "ten" or "1e3" is refused, not read as a default. */
function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `expected at least ${min}`).max(max, `expected at most ${max}`));
}

/** An http(s) origin with nothing after it, lower-cased as browsers send it (`HTTPS://Example.com/` → `https://example.com`). */
const origin = z.string().transform((value, context) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'expected an origin such as https://www.example.co.il' });
    return z.NEVER;
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    context.addIssue({
      code: 'custom',
      message: 'expected an http or https origin with no path, query or credentials, such as https://www.example.co.il',
    });
    return z.NEVER;
  }
  return url.origin;
});

const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'expected an http or https URL');

/** Where a remote's entry is: a `.js`/`.json` URL as it is, a folder gets `remoteEntry.js` appended. */
const remoteEntryUrl = httpUrl.transform((value) =>
  value.endsWith('.js') || value.endsWith('.json') ? value : `${value.replace(/\/+$/, '')}/${REMOTE_ENTRY_FILE}`,
);

/** One proxy: an address, or a CIDR no wider than NARROWEST_PREFIX. */
function proxyProblem(value: string, allowWide: boolean): string | null {
  const [address = '', bits, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
    return `${value} is not a hop count, an address or a CIDR`;
  if (bits === undefined) return null;
  const prefix = Number(bits);
  if (prefix > (family === 4 ? 32 : 128)) return `${value} is not a CIDR`;
  const narrowest = NARROWEST_PREFIX[family as 4 | 6];
  if (prefix < narrowest && !allowWide)
    return `${value} takes in more than a /${narrowest}: every client there could pick its own address (set TRUST_PROXY_WIDE=on if the proxies really are spread that wide)`;
  return null;
}

function trustProxyOf(value: string | undefined, allowWide: boolean, context: z.RefinementCtx): AppConfig['trustProxy'] {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === '' || setting === 'false' || setting === 'off' || setting === '0') return false;
  if (setting === 'true' || setting === 'on') {
    context.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        'TRUST_PROXY=true would believe X-Forwarded-For from any client, so anyone could dodge the rate limits. Set the number of proxy hops in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
    });
    return false;
  }
  if (/^\d+$/.test(setting)) return Number(setting);
  const proxies = setting
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const problem of proxies.map((p) => proxyProblem(p, allowWide)).filter((p) => p !== null)) {
    context.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: problem });
  }
  return proxies;
}

/**
 * Every setting the server reads, and only those: each is checked at start, so a typo cannot fall back to a
 * default unnoticed. An empty value counts as unset. See the README's configuration table.
 */
const settingsSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    PORT: wholeNumber(0, 65_535).default(8080),
    HOST: z
      .string()
      .refine((host) => net.isIP(host) > 0 || /^[a-z0-9.-]+$/i.test(host), 'expected an address or a host name')
      .default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'expected postgres://…')
      .optional(),
    DATABASE_REPLICA_URL: z
      .string()
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'expected postgres://…')
      .optional(),
    REPLICA_MAX_LAG_MS: wholeNumber(0, 3_600_000).default(5_000),
    SHUTDOWN_DELAY_MS: wholeNumber(0, 20_000).default(0),
    DATA_DIR: z.string().optional(),
    PGLITE_DIR: z.string().optional(),
    UPLOAD_DIR: z.string().optional(),
    OUTBOX_DIR: z.string().optional(),
    DIST_ROOT: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: httpUrl.optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().default(''),
    S3_SECRET_ACCESS_KEY: z.string().default(''),
    S3_PUBLIC_URL: httpUrl.optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    DEV_IDP: onOff.default('off'),
    TRUST_PROXY: z.string().optional(),
    TRUST_PROXY_WIDE: onOff.default('off'),
    PUBLIC_ORIGIN: origin.optional(),
    CANONICAL_ORIGIN: origin.optional(),
    ...(Object.fromEntries(REMOTE_NAMES.map((name) => [REMOTES[name].envVar, remoteEntryUrl.optional()])) as Record<
      string,
      z.ZodOptional<typeof remoteEntryUrl>
    >),
    ADMIN_EMAILS: z.string().default(''),
    REDIS_URL: z
      .string()
      .refine((url) => /^rediss?:\/\//.test(url), 'expected redis://… or rediss://…')
      .optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'expected 1 to 64 letters, digits, or _ : . -')
      .default('tasko-'),
    DEMO_DATA: onOff.default('on'),
    SIGN_IN_RATE_LIMIT: wholeNumber(1, 100_000).default(10),
    WRITE_RATE_LIMIT: wholeNumber(1, 100_000).default(30),
    CONTACT_REVEAL_LIMIT: wholeNumber(1, 100_000).default(20),
    CONTACT_REVEAL_ADDRESS_LIMIT: wholeNumber(1, 100_000).default(60),
    CONTACT_REVEAL_NEW_ACCOUNT_LIMIT: wholeNumber(1, 100_000).default(5),
    EVENTS_RATE_LIMIT: wholeNumber(1, 100_000).default(60),
    UPLOAD_TIME_BUDGET_MS: wholeNumber(1, 600_000).default(20_000),
    APPLICATION_RATE_LIMIT: wholeNumber(1, 100_000).default(20),
    MESSAGE_RATE_LIMIT: wholeNumber(1, 100_000).default(30),
    CONVERSATION_DAILY_LIMIT: wholeNumber(1, 100_000).default(50),
    // Fractions, so a test can close a window in seconds.
    REVIEW_WINDOW_DAYS: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'expected a number of days, like 14 or 0.0005')
      .transform(Number)
      .pipe(z.number().positive('expected more than 0 days').max(365, 'expected at most 365 days'))
      .default(14),
    HIRE_OFFER_HOURS: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'expected a number of hours, like 72 or 0.001')
      .transform(Number)
      .pipe(
        z
          .number()
          .positive('expected more than 0 hours')
          .max(24 * 365, 'expected at most a year of hours'),
      )
      .default(72),
    SEARCH_CACHE_MS: wholeNumber(0, 3_600_000).optional(),
    // Read by one query per connection, which the bound keeps small; the replay's 128 kB caps it too.
    STREAM_REPLAY_MAX: wholeNumber(1, 10_000).default(200),
    RELEASES_DIR: z.string().optional(),
    CANARY_MIN_LOADS: wholeNumber(1, 1_000_000).default(50),
    CANARY_MIN_VISITORS: wholeNumber(1, 1_000_000).default(20),
    CANARY_MAX_VISITORS_PER_ADDRESS: wholeNumber(1, 1_000).default(3),
    CANARY_MAX_EXCESS: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'expected percentage points, like 2 or 0.5')
      .transform(Number)
      .pipe(z.number().max(100, 'expected at most 100 points'))
      .default(2),
    RELEASE_STATS_FLUSH_MS: wholeNumber(0, 3_600_000).default(10_000),
    CLIENT_ERROR_RATE_LIMIT: wholeNumber(1, 100_000).default(30),
    SMTP_URL: z
      .string()
      .refine((url) => /^smtps?:\/\//.test(url), 'expected smtp://… or smtps://…')
      .optional(),
    MAIL_FROM: z.string().default('Tasko <alerts@localhost>'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }).optional(),
  })
  .transform((settings, context) => ({
    ...settings,
    trustProxy: trustProxyOf(settings.TRUST_PROXY, settings.TRUST_PROXY_WIDE === 'on', context),
  }));

type Settings = z.output<typeof settingsSchema>;

/** Combinations of valid settings that would run but be unsafe or broken: refused at start, with what to do instead. */
function combinationProblems(config: AppConfig, settings: Settings): string[] {
  const problems: string[] = [];
  if (config.canonicalOrigin?.startsWith('https:') && config.trustProxy === false) {
    problems.push(
      'CANONICAL_ORIGIN is https, which needs a TLS proxy in front of this server: set TRUST_PROXY to that proxy (a hop count or its addresses), or every request would be redirected to https forever.',
    );
  }
  if (config.databaseReplicaUrl && !config.databaseUrl) {
    problems.push(
      'DATABASE_REPLICA_URL is set without DATABASE_URL: a replica follows a PostgreSQL primary, not the embedded database. Set DATABASE_URL to the primary, or unset DATABASE_REPLICA_URL.',
    );
  }
  if (config.isLocalIdpAllowed && config.adminEmails.length > 0 && settings.DEV_IDP !== 'on') {
    problems.push(
      'ADMIN_EMAILS is set while sign-in is the local identity provider, which signs in any address, moderators included. Set GOOGLE_CLIENT_ID, or DEV_IDP=on if this really is a development machine.',
    );
  }
  return problems;
}

/** Only the settings the schema names, with empty values as unset (`DATABASE_URL=` means "none"). */
function readSettings(env: NodeJS.ProcessEnv): Settings {
  const named = Object.fromEntries(
    Object.keys(settingsSchema.in.shape).flatMap((name) => {
      const value = env[name];
      return value === undefined || value.trim() === '' ? [] : [[name, value.trim()]];
    }),
  );
  const parsed = settingsSchema.safeParse(named);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'settings');
      return `${name}=${JSON.stringify(named[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`${lines.length === 1 ? 'A setting is' : `${lines.length} settings are`} wrong:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** The one config factory: every setting comes from the environment, all optional, all checked. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const settings = readSettings(env);
  const isProduction = settings.NODE_ENV === 'production';
  const isTest = settings.NODE_ENV === 'test';
  const isDevIdpOn = settings.DEV_IDP === 'on';
  const dataDir = path.resolve(settings.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  const remoteUrls: Partial<RemotesMap> = {};
  for (const name of REMOTE_NAMES) {
    const configured = (settings as Record<string, unknown>)[REMOTES[name].envVar];
    if (typeof configured === 'string') remoteUrls[name] = configured;
  }
  const s3Endpoint = settings.S3_ENDPOINT ?? `https://s3.${settings.S3_REGION}.amazonaws.com`;
  const config: AppConfig = {
    port: settings.PORT,
    host: settings.HOST,
    isProduction,
    databaseUrl: settings.DATABASE_URL,
    databaseReplicaUrl: settings.DATABASE_REPLICA_URL,
    replicaMaxLagMs: settings.REPLICA_MAX_LAG_MS,
    shutdownDelayMs: settings.SHUTDOWN_DELAY_MS,
    dataDir,
    pgliteDir: settings.PGLITE_DIR === 'memory' ? 'memory' : path.resolve(settings.PGLITE_DIR ?? path.join(dataDir, 'pglite')),
    uploadDir: path.resolve(settings.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    s3: settings.S3_BUCKET
      ? {
          endpoint: s3Endpoint,
          bucket: settings.S3_BUCKET,
          region: settings.S3_REGION,
          accessKeyId: settings.S3_ACCESS_KEY_ID,
          secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          ...(settings.S3_PUBLIC_URL ? { publicUrl: settings.S3_PUBLIC_URL } : {}),
        }
      : undefined,
    googleClientId: settings.GOOGLE_CLIENT_ID,
    // Behind a proxy the server cannot tell a browser on this machine from the proxy itself: off unless asked for.
    isLocalIdpAllowed: !settings.GOOGLE_CLIENT_ID && (isDevIdpOn || (!isProduction && settings.trustProxy === false)),
    localIdpClients: isDevIdpOn ? 'privateNetworks' : 'loopback',
    trustProxy: settings.trustProxy,
    publicOrigin: settings.PUBLIC_ORIGIN ?? `http://localhost:${settings.PORT}`,
    canonicalOrigin: settings.CANONICAL_ORIGIN,
    remoteUrls,
    distRoot: path.resolve(settings.DIST_ROOT ?? REPO_ROOT),
    adminEmails: settings.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    redisUrl: settings.REDIS_URL,
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    hasDemoData: settings.DEMO_DATA === 'on',
    signInRateLimit: settings.SIGN_IN_RATE_LIMIT,
    writeRateLimit: settings.WRITE_RATE_LIMIT,
    eventsRateLimit: settings.EVENTS_RATE_LIMIT,
    applicationRateLimit: settings.APPLICATION_RATE_LIMIT,
    messageRateLimit: settings.MESSAGE_RATE_LIMIT,
    conversationDailyLimit: settings.CONVERSATION_DAILY_LIMIT,
    reviewWindowDays: settings.REVIEW_WINDOW_DAYS,
    hireOfferHours: settings.HIRE_OFFER_HOURS,
    releasesDir: path.resolve(settings.RELEASES_DIR ?? path.join(dataDir, 'releases')),
    canary: {
      minLoads: settings.CANARY_MIN_LOADS,
      minVisitors: settings.CANARY_MIN_VISITORS,
      maxExcessPoints: settings.CANARY_MAX_EXCESS,
      maxVisitorsPerAddress: settings.CANARY_MAX_VISITORS_PER_ADDRESS,
    },
    releaseStatsFlushMs: settings.RELEASE_STATS_FLUSH_MS,
    clientErrorRateLimit: settings.CLIENT_ERROR_RATE_LIMIT,
    contactRevealLimit: settings.CONTACT_REVEAL_LIMIT,
    contactRevealAddressLimit: settings.CONTACT_REVEAL_ADDRESS_LIMIT,
    contactRevealNewAccountLimit: settings.CONTACT_REVEAL_NEW_ACCOUNT_LIMIT,
    uploadTimeBudgetMs: settings.UPLOAD_TIME_BUDGET_MS,
    searchCacheMs: settings.SEARCH_CACHE_MS ?? (isTest ? 0 : 2000),
    streamReplayMax: settings.STREAM_REPLAY_MAX,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    outboxDir: path.resolve(settings.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    logLevel: settings.LOG_LEVEL ?? (isTest ? 'silent' : 'info'),
  };
  const problems = combinationProblems(config, settings);
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return config;
}
