import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBucketStandin, type BucketStandin } from './bucketStandin.js';
import { freePort, GiveUp, leaveBehind, run, waitFor, withLog } from './processes.js';

export { freePort, waitFor } from './processes.js';

/**
 * "Two of everything" on loopback, without containers, for `npm run test:cluster` (docs/deploy.md#how-this-is-proved):
 * a PostgreSQL primary and a streaming replica, Redis, an S3 stand-in, two API instances and nginx in front,
 * all in one temporary folder that stop() removes.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const IS_ROOT = process.getuid?.() === 0;

export interface ClusterOptions {
  /** REPLICA_MAX_LAG_MS of both instances (default 5000). */
  replicaMaxLagMs?: number;
  /** More variables for both instances; `undefined` removes one the harness sets. */
  env?: Record<string, string | undefined>;
  /** Start both instances at once (migrations racing), instead of the second after the first is ready. */
  together?: boolean;
}

export interface ExitInfo {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** From the signal to the exit. */
  ms: number;
}

export interface Instance {
  name: 'api-1' | 'api-2';
  origin: string;
  /** Its server's log (stdout and stderr): a drain that overruns its limit names there what still ran. */
  logFile: string;
  /** Its process has been started and has not exited. */
  readonly isRunning: boolean;
  /**
   * Sends the signal and resolves once the process has exited. SIGTERM escalates to SIGKILL after `graceMs`
   * (default 10 s; a test with a SHUTDOWN_DELAY_MS near that needs more).
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL', options?: { graceMs?: number }): Promise<ExitInfo>;
  /** Starts it again on the same port and waits until it is ready. */
  start(): Promise<void>;
}

export interface Database {
  /** postgres://postgres@127.0.0.1:<port>/tasko */
  url: string;
  dataDir: string;
  /** One psql -At call on the `tasko` database: rows by line, columns by `|`, trimmed. */
  query(sql: string): Promise<string>;
  /** pg_ctl -m fast stop; nothing when it is not running. */
  stop(): Promise<void>;
  /** pg_ctl start unless it runs already, then waits until it answers (the replica: in recovery and streaming again). */
  start(): Promise<void>;
}

export interface Replica extends Database {
  /** pg_wal_replay_pause(), resolved once replay has stopped. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary had written when called. */
  waitForReplay(timeoutMs?: number): Promise<void>;
}

export interface Redis {
  stop(): Promise<void>;
  /** Starts it unless it runs, and waits until it answers PING. */
  start(): Promise<void>;
}

export interface Cluster {
  /** nginx in front of both instances: http://127.0.0.1:<port> */
  proxyOrigin: string;
  instances: [Instance, Instance];
  primary: Database;
  replica: Replica;
  redis: Redis;
  /** The S3 stand-in with bucket `tasko`. */
  bucket: BucketStandin;
  /** DATA_DIR, shared by both instances (the local identity provider's key is there). */
  dataDir: string;
  outboxDir: string;
  /**
   * Waits until the cluster is whole again, or throws naming what is not: Redis, the primary and the replica
   * answer, the replica streams, replays and has caught up with the primary, both instances run and answer
   * /health/ready 200 with every check up, and the proxy sends each of them requests.
   */
  whole(timeoutMs?: number): Promise<void>;
  /**
   * Waits until the proxy has passed a request to `instance` and had its answer, from now on: the instance is
   * in nginx's rotation. Sends GET /health/live through the proxy meanwhile, so it needs no other traffic.
   */
  proxyReaches(instance: Instance, timeoutMs?: number): Promise<void>;
  /** Stops everything and removes the folder; safe to call twice. */
  stop(): Promise<void>;
}

const READY_PATH = '/health/ready';
/** The checks of /health/ready on an instance of a whole cluster. */
const WHOLE_CHECKS = { primary: 'up', replica: 'up', redis: 'up', migrations: 'applied', draining: false };

/** The lines of a file from a byte offset on. */
function linesFrom(file: string, from: number): string[] {
  const fd = fs.openSync(file, 'r');
  try {
    const length = Math.max(0, fs.fstatSync(fd).size - from);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, from);
    return buffer.toString('utf8').split('\n').filter(Boolean);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Whether an access log line (`$upstream_addr|$upstream_status`, each a list when nginx tried more than one
 * instance: `a, b|502, 200`) shows `address` answering below 500.
 */
function answeredBy(lines: string[], address: string): boolean {
  return lines.some((line) => {
    const [addresses = '', statuses = ''] = line.split('|');
    const tried = addresses.split(/, | : /);
    const answers = statuses.split(/, | : /);
    return tried.some((tryAddress, n) => tryAddress === address && Number(answers[n]) < 500);
  });
}

/** What the machine must have: the proof installs nothing itself (`.ci/run` installs these on a fresh machine). */
const MISSING = (program: string, debianPackage: string) =>
  `${program} is not installed: the cluster proof needs Debian's package ${debianPackage} (apt-get install ${debianPackage}), or ${program} on the PATH`;

/** Where the PostgreSQL programs are: the newest /usr/lib/postgresql/<n>/bin, else whichever pg_config names. */
async function postgresBin(): Promise<string> {
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(debian, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], 'bin');
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    throw new Error(MISSING('PostgreSQL (initdb, pg_ctl, pg_basebackup, psql)', 'postgresql'));
  }
}

const which = (name: string, dirs: string[]) => dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
const systemDirs = () => [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

function nginxBinary(): string {
  const found = which('nginx', systemDirs());
  if (!found) throw new Error(MISSING('nginx', 'nginx'));
  return found;
}

/** A child in its own process group (so the safety net takes its children too), output to a log file. */
function spawnLogged(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  const fd = fs.openSync(options.logFile, 'a');
  try {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', fd, fd], detached: true });
    // A test that forgets stop() must still end: the 'exit' safety net then kills what is left.
    child.unref();
    return child;
  } finally {
    fs.closeSync(fd);
  }
}

/** A spawned process and how it ended, with the safety net holding its group while it runs. */
class Supervised {
  readonly child: ChildProcess;
  readonly exited: Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>;
  private release: () => void;
  private ended: { exitCode: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }) {
    this.child = spawnLogged(file, args, options);
    this.release = this.child.pid ? leaveBehind('groups', this.child.pid) : () => undefined;
    this.exited = new Promise((resolve) => {
      const done = (exitCode: number | null, signal: NodeJS.Signals | null) => {
        this.ended ??= { exitCode, signal };
        this.release();
        resolve(this.ended);
      };
      this.child.once('exit', done);
      // A spawn that failed (no such program) emits 'error' and never 'exit'.
      this.child.once('error', (error) => {
        fs.appendFileSync(options.logFile, `\n${error.message}\n`);
        done(null, null);
      });
    });
  }

  get isRunning(): boolean {
    return this.ended === undefined;
  }

  /** The end, or undefined if it has not come within `ms`. */
  async exitWithin(ms: number) {
    let timer: Parameters<typeof clearTimeout>[0];
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, ms);
    });
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends `signal`, and SIGKILL to the group if the process has not ended after `graceMs`. */
  async stop(signal: NodeJS.Signals, graceMs: number): Promise<ExitInfo> {
    const started = Date.now();
    if (!this.isRunning) return { ...(await this.exited), ms: 0 };
    const pid = this.child.pid;
    if (pid) {
      try {
        process.kill(pid, signal);
      } catch {
        // Ended meanwhile.
      }
    }
    let ended = await this.exitWithin(graceMs);
    if (!ended && pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
      ended = await this.exitWithin(5_000);
    }
    if (!ended) throw new Error(`process ${pid} did not exit after ${signal} and SIGKILL`);
    // The group too: whatever it started must not outlive it.
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Nothing left in the group.
      }
    }
    return { ...ended, ms: Date.now() - started };
  }
}

/** A GET answering 200 within 2 s. */
async function answers200(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.arrayBuffer();
  return response.status === 200;
}

/** The PostgreSQL programs run as `postgres` when this is root: the server refuses to run as root. */
function pgRunner(bin: string, cwd: string) {
  return (program: string, args: string[], timeoutMs = 30_000) =>
    IS_ROOT
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd, timeoutMs })
      : run(path.join(bin, program), args, { cwd, timeoutMs });
}

interface PostgresParts {
  bin: string;
  pgDir: string;
}

function makeDatabase(
  parts: PostgresParts,
  name: 'primary' | 'replica',
  port: number,
  isReplica: boolean,
): Database & { created: () => () => void } {
  const pg = pgRunner(parts.bin, parts.pgDir);
  const dataDir = path.join(parts.pgDir, name);
  const logFile = path.join(parts.pgDir, `${name}.log`);
  const url = `postgres://postgres@127.0.0.1:${port}/tasko`;
  const psql = async (sql: string, database = 'tasko') =>
    (
      await run(
        path.join(parts.bin, 'psql'),
        ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-c', sql],
        {
          env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
        },
      )
    ).stdout.trim();
  const answering = async () => {
    // The maintenance database: `tasko` does not exist yet on a fresh primary.
    if (!isReplica) return (await psql('select 1', 'postgres')) === '1';
    // Ready as a replica: in recovery and receiving the primary's WAL.
    const [inRecovery, status] = (
      await psql("select pg_is_in_recovery(), coalesce((select status from pg_stat_wal_receiver), 'none')")
    ).split('|');
    if (inRecovery !== 't') throw new GiveUp(`the ${name} answers but is not in recovery`);
    if (status !== 'streaming') throw new Error(`its WAL receiver is ${status}`);
    return true;
  };
  /** pg_ctl status answers 0 while the server runs, 3 when it does not. */
  const isRunning = () =>
    pg('pg_ctl', ['-D', dataDir, 'status']).then(
      () => true,
      () => false,
    );
  const start = async () => {
    try {
      if (!(await isRunning())) await pg('pg_ctl', ['-w', '-t', '30', '-D', dataDir, '-l', logFile, 'start'], 40_000);
      await waitFor(answering, { timeoutMs: 30_000, intervalMs: 100, what: `PostgreSQL ${name} on port ${port}` });
    } catch (error) {
      throw withLog(`PostgreSQL ${name} did not start: ${error instanceof Error ? error.message : String(error)}`, logFile);
    }
  };
  return {
    url,
    dataDir,
    query: (sql) => psql(sql),
    stop: async () => {
      if (await isRunning()) await pg('pg_ctl', ['-w', '-t', '30', '-D', dataDir, '-m', 'fast', 'stop'], 40_000);
    },
    start,
    created: () => leaveBehind('postgres', dataDir),
  };
}

const CONF_ADDITIONS = (port: number, socketDir: string) =>
  [
    '',
    '# npm run test:cluster (scripts/cluster/topology.ts): loopback only, throwaway data',
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${socketDir}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'fsync = off',
    'full_page_writes = off',
    'synchronous_commit = off',
    'max_connections = 200',
    '',
  ].join('\n');

/** A line of Redis's protocol: PING answers +PONG once it takes commands. */
function redisPong(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy(new Error('no answer to PING')));
    socket.once('error', reject);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

/** Variables of the test process that an instance may see: only what a program needs to run, never settings. */
const PASSED_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'TZ', 'LANG', 'LC_ALL'];

/** Starts everything, in a fresh temporary folder; on a failure it stops what it had started and throws with the log that says why. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-cluster-'));
  const forgetDir = leaveBehind('folders', dir);
  // Stops run newest first: what a later part needs (an instance needs its database) stops before it.
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    const errors: unknown[] = [];
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        errors.push(error);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    forgetDir();
    if (errors.length > 0)
      throw new AggregateError(
        errors,
        `stopping the cluster in ${dir}: ${errors.map((e) => (e instanceof Error ? e.message : String(e))).join('; ')}`,
      );
  };

  try {
    // The postgres user must reach its folder inside this one (mkdtemp makes it 0700).
    fs.chmodSync(dir, 0o711);
    const pgDir = path.join(dir, 'pg');
    const dataDir = path.join(dir, 'data');
    const outboxDir = path.join(dataDir, 'outbox');
    const nginxDir = path.join(dir, 'nginx');
    const redisDir = path.join(dir, 'redis');
    const primarySockets = path.join(pgDir, 'primary-socket');
    const replicaSockets = path.join(pgDir, 'replica-socket');
    for (const folder of [outboxDir, nginxDir, redisDir, primarySockets, replicaSockets]) fs.mkdirSync(folder, { recursive: true });
    if (IS_ROOT) {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      for (const folder of [pgDir, primarySockets, replicaSockets]) fs.chownSync(folder, uid, gid);
    }

    // Every program first: a machine without one fails here, before anything has started.
    const bin = await postgresBin();
    const nginx = nginxBinary();
    const redisServer = which('redis-server', systemDirs());
    if (!redisServer) throw new Error(MISSING('redis-server', 'redis-server'));
    const [primaryPort, replicaPort, redisPort, proxyPort, api1Port, api2Port] = (await Promise.all(
      Array.from({ length: 6 }, freePort),
    )) as [number, number, number, number, number, number];
    const pg = pgRunner(bin, pgDir);

    const bucket = await startBucketStandin({ bucket: 'tasko' });
    stops.push(() => bucket.close());

    // Redis, started while PostgreSQL initialises.
    const redisLog = path.join(redisDir, 'redis.log');
    const redisArgs = [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--dir',
      redisDir,
    ];
    let redisProcess: Supervised | undefined;
    const startRedis = async () => {
      const started = new Supervised(redisServer, redisArgs, { cwd: redisDir, env: process.env, logFile: redisLog });
      redisProcess = started;
      await waitFor(
        async () => {
          if (!started.isRunning) throw new GiveUp('redis-server exited');
          return redisPong(redisPort);
        },
        { timeoutMs: 15_000, what: `Redis on port ${redisPort}` },
      ).catch((error: unknown) => {
        throw withLog(`Redis did not start: ${error instanceof Error ? error.message : String(error)}`, redisLog);
      });
    };
    const stopRedis = async () => {
      await redisProcess?.stop('SIGTERM', 5_000);
    };
    const redisStarted = startRedis();
    // Awaited below, after PostgreSQL: until then a failure must not count as unhandled.
    redisStarted.catch(() => undefined);
    stops.push(stopRedis);

    // The primary.
    const primary = makeDatabase({ bin, pgDir }, 'primary', primaryPort, false);
    await pg('initdb', ['-D', primary.dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'], 60_000).catch(
      (error: unknown) => {
        throw new Error(`initdb failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    const forgetPrimary = primary.created();
    stops.push(async () => {
      await pg('pg_ctl', ['-w', '-t', '30', '-D', primary.dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      forgetPrimary();
    });
    // Appended as root into a folder of postgres: the files stay postgres's, only their content grows.
    fs.appendFileSync(path.join(primary.dataDir, 'postgresql.conf'), CONF_ADDITIONS(primaryPort, primarySockets));
    fs.appendFileSync(
      path.join(primary.dataDir, 'pg_hba.conf'),
      '\nhost replication all 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n',
    );
    await primary.start();
    await run(path.join(bin, 'psql'), [
      '-X',
      '-q',
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-c',
      'create database tasko',
    ]);

    // The replica: a base backup of the primary, streaming from it (-R writes standby.signal and primary_conninfo).
    const replicaBase = makeDatabase({ bin, pgDir }, 'replica', replicaPort, true);
    await pg(
      'pg_basebackup',
      ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaBase.dataDir, '-R', '-X', 'stream', '-c', 'fast'],
      120_000,
    ).catch((error: unknown) => {
      throw new Error(`pg_basebackup failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    // Later lines win: the copy of the primary's settings keeps everything but the port and the socket folder.
    fs.appendFileSync(
      path.join(replicaBase.dataDir, 'postgresql.conf'),
      `\nport = ${replicaPort}\nunix_socket_directories = '${replicaSockets}'\n`,
    );
    const forgetReplica = replicaBase.created();
    stops.push(async () => {
      await pg('pg_ctl', ['-w', '-t', '30', '-D', replicaBase.dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      forgetReplica();
    });
    await replicaBase.start();
    const replica: Replica = {
      ...replicaBase,
      pauseReplay: async () => {
        await replicaBase.query('select pg_wal_replay_pause()');
        await waitFor(async () => (await replicaBase.query('select pg_get_wal_replay_pause_state()')) === 'paused', {
          timeoutMs: 10_000,
          what: 'the replica pausing its replay',
        });
      },
      resumeReplay: async () => {
        await replicaBase.query('select pg_wal_replay_resume()');
      },
      waitForReplay: async (timeoutMs = 15_000) => {
        const written = await primary.query('select pg_current_wal_lsn()');
        await waitFor(async () => (await replicaBase.query(`select pg_last_wal_replay_lsn() >= '${written}'::pg_lsn`)) === 't', {
          timeoutMs,
          what: `the replica replaying up to ${written}`,
        });
      },
    };
    await redisStarted;

    // The two instances.
    const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
    const sharedEnv: Record<string, string | undefined> = {
      ...Object.fromEntries(PASSED_THROUGH.map((name) => [name, process.env[name]])),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URL: replica.url,
      REPLICA_MAX_LAG_MS: String(options.replicaMaxLagMs ?? 5_000),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      S3_BUCKET: 'tasko',
      S3_ENDPOINT: bucket.origin,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'cluster',
      S3_SECRET_ACCESS_KEY: 'cluster-secret',
      S3_PUBLIC_URL: `${bucket.origin}/tasko`,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_ORIGIN: proxyOrigin,
      DEV_IDP: 'on',
      DATA_DIR: dataDir,
      OUTBOX_DIR: outboxDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      // A read sees the write before it.
      SEARCH_CACHE_MS: '0',
      RELEASE_STATS_FLUSH_MS: '1000',
      ...options.env,
    };
    const instances = ([api1Port, api2Port] as const).map((port, index) =>
      makeInstance({
        name: index === 0 ? 'api-1' : 'api-2',
        port,
        logFile: path.join(dir, `api-${index + 1}.log`),
        env: { ...sharedEnv, PORT: String(port) },
      }),
    ) as [Instance, Instance];
    // Both at once: each may take its 10 s of grace.
    stops.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
    });
    if (options.together) await Promise.all(instances.map((instance) => instance.start()));
    else for (const instance of instances) await instance.start();

    // nginx in front, from the same template as the deployment's.
    const proxyLogFile = path.join(nginxDir, 'error.log');
    // Which instance answered each request (each one tried, in order): how the proof sees an instance back in
    // the rotation.
    const accessLog = path.join(nginxDir, 'access.log');
    const rendered = fs
      .readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', 'tasko.conf.template'), 'utf8')
      .replaceAll('${TASKO_PROXY_LISTEN}', `127.0.0.1:${proxyPort}`)
      .replaceAll('${TASKO_API_1}', `127.0.0.1:${api1Port}`)
      .replaceAll('${TASKO_API_2}', `127.0.0.1:${api2Port}`);
    const leftover = /\$\{TASKO_[A-Z0-9_]+\}/.exec(rendered);
    if (leftover) throw new Error(`deploy/nginx/tasko.conf.template names ${leftover[0]}, which the harness does not fill in`);
    fs.writeFileSync(path.join(nginxDir, 'tasko.conf'), rendered);
    const temp = (name: string) => `${name}_temp_path ${path.join(nginxDir, `${name}-temp`)};`;
    const nginxConf = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(
      nginxConf,
      [
        'daemon off;',
        'master_process on;',
        'worker_processes 1;',
        `pid ${path.join(nginxDir, 'nginx.pid')};`,
        `error_log ${proxyLogFile} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        "  log_format cluster '$upstream_addr|$upstream_status';",
        `  access_log ${accessLog} cluster;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
        `  include ${path.join(nginxDir, 'tasko.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    // -e: without it nginx first opens its built-in error log (/var/log/nginx), outside this folder.
    const nginxArgs = ['-c', nginxConf, '-p', `${nginxDir}/`, '-e', proxyLogFile];
    await run(nginx, ['-t', ...nginxArgs]).catch((error: unknown) => {
      throw new Error(`nginx -t refused the configuration: ${error instanceof Error ? error.message : String(error)}`);
    });
    const proxy = new Supervised(nginx, nginxArgs, { cwd: nginxDir, env: process.env, logFile: path.join(nginxDir, 'nginx.out') });
    stops.push(async () => {
      // SIGQUIT finishes the requests in flight; a stream still open (the live events) would hold it up to an
      // hour, so after 3 s the whole group gets SIGKILL.
      await proxy.stop('SIGQUIT', 3_000);
    });
    await waitFor(
      async () => {
        if (!proxy.isRunning) throw new GiveUp('nginx exited');
        return answers200(`${proxyOrigin}${READY_PATH}`);
      },
      { timeoutMs: 15_000, what: `nginx on ${proxyOrigin}` },
    ).catch((error: unknown) => {
      throw withLog(`nginx did not start: ${error instanceof Error ? error.message : String(error)}`, proxyLogFile);
    });

    const proxyReaches = async (instance: Instance, timeoutMs = 15_000) => {
      const from = fs.existsSync(accessLog) ? fs.statSync(accessLog).size : 0;
      const address = new URL(instance.origin).host;
      await waitFor(
        async () => {
          if (!proxy.isRunning) throw new GiveUp('nginx exited');
          await fetch(`${proxyOrigin}/health/live`, { signal: AbortSignal.timeout(2_000) })
            .then((response) => response.arrayBuffer())
            .catch(() => undefined);
          return answeredBy(linesFrom(accessLog, from), address);
        },
        { timeoutMs, intervalMs: 100, what: `the proxy passing a request to ${instance.name} at ${address} (back in its rotation)` },
      );
    };

    const whole = async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      const left = () => Math.max(1_000, deadline - Date.now());
      await waitFor(() => redisPong(redisPort), { timeoutMs: left(), what: `Redis answering PING on port ${redisPort}` });
      await waitFor(async () => (await primary.query('select 1')) === '1', { timeoutMs: left(), what: 'the primary answering' });
      await waitFor(
        async () => {
          const [inRecovery, receiver, replay] = (
            await replica.query(
              "select pg_is_in_recovery(), coalesce((select status from pg_stat_wal_receiver), 'none'), pg_get_wal_replay_pause_state()",
            )
          ).split('|');
          if (inRecovery !== 't') throw new GiveUp('the replica answers but is not in recovery');
          if (receiver !== 'streaming' || replay !== 'not paused') throw new Error(`its WAL receiver is ${receiver}, its replay ${replay}`);
          return true;
        },
        { timeoutMs: left(), what: 'the replica streaming from the primary and replaying' },
      );
      await replica.waitForReplay(left());
      for (const instance of instances) {
        if (!instance.isRunning) throw new Error(`${instance.name} is not running`);
        await waitFor(
          async () => {
            const response = await fetch(`${instance.origin}${READY_PATH}`, { signal: AbortSignal.timeout(3_000) });
            const { checks } = (await response.json()) as { checks: Record<string, unknown> };
            const isWhole = Object.entries(WHOLE_CHECKS).every(([name, value]) => checks[name] === value);
            if (response.status === 200 && isWhole) return true;
            throw new Error(`${response.status} ${JSON.stringify(checks)}`);
          },
          { timeoutMs: left(), intervalMs: 100, what: `${instance.name} ready with every check up` },
        );
        await proxyReaches(instance, left());
      }
    };

    const redis: Redis = {
      stop: stopRedis,
      start: async () => {
        if (redisProcess?.isRunning) return;
        await startRedis();
      },
    };

    let stopping: Promise<void> | undefined;
    return {
      proxyOrigin,
      instances,
      primary,
      replica,
      redis,
      bucket,
      dataDir,
      outboxDir,
      whole,
      proxyReaches,
      stop: () => {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

/** How long an instance may take to be ready: tsx compiles the server first, which on two busy cores takes 40 s. */
const READY_TIMEOUT_MS = 120_000;

function makeInstance(settings: {
  name: Instance['name'];
  port: number;
  logFile: string;
  env: Record<string, string | undefined>;
}): Instance {
  const env: Record<string, string> = Object.fromEntries(
    Object.entries(settings.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const origin = `http://127.0.0.1:${settings.port}`;
  let current: Supervised | undefined;
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM', options: { graceMs?: number } = {}): Promise<ExitInfo> => {
    if (!current) return { exitCode: null, signal: null, ms: 0 };
    return current.stop(signal, options.graceMs ?? (signal === 'SIGTERM' ? 10_000 : 5_000));
  };
  return {
    name: settings.name,
    origin,
    logFile: settings.logFile,
    get isRunning() {
      return current?.isRunning ?? false;
    },
    stop,
    start: async () => {
      if (current?.isRunning) throw new Error(`${settings.name} is already running (pid ${current.child.pid})`);
      fs.appendFileSync(settings.logFile, `--- ${new Date().toISOString()} ${settings.name} starts on port ${settings.port}\n`);
      const started = new Supervised(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
        cwd: REPO_ROOT,
        env,
        logFile: settings.logFile,
      });
      current = started;
      await waitFor(
        async () => {
          if (!started.isRunning) {
            const { exitCode, signal } = await started.exited;
            throw new GiveUp(`it exited (${signal ?? `code ${exitCode}`})`);
          }
          return answers200(`${origin}${READY_PATH}`);
        },
        { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200, what: `${settings.name} answering 200 on ${origin}${READY_PATH}` },
      ).catch(async (error: unknown) => {
        await started.stop('SIGKILL', 5_000).catch(() => undefined);
        throw withLog(`${settings.name} did not start: ${error instanceof Error ? error.message : String(error)}`, settings.logFile);
      });
    },
  };
}
