import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Ports handed out by this process and not yet reused: two quick calls to freePort must not answer the same one. */
const handedOut = new Set<number>();

/** A port free on loopback right now: listen on port 0, read the port, close. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port on 127.0.0.1 after 20 tries');
}

/** Thrown from a waitFor check to stop waiting at once (the process being waited for has exited, say). */
export class GiveUp extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it answers something truthy, and answers that. A check that throws counts as "not yet"
 * (its message goes into the timeout's), except GiveUp, which ends the wait. Bounded by `timeoutMs`.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<NonNullable<T>> {
  const deadline = Date.now() + options.timeoutMs;
  let lastProblem = '';
  for (;;) {
    try {
      const answer = await check();
      if (answer) return answer;
      lastProblem = '';
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline)
      throw new Error(`${options.what}: not within ${options.timeoutMs} ms${lastProblem ? ` (last: ${lastProblem})` : ''}`);
    await sleep(Math.min(options.intervalMs ?? 100, Math.max(0, deadline - Date.now())));
  }
}

/** The last lines of a log file, for an error message; empty when the file is missing. */
export function tailOf(file: string, lines = 30): string {
  try {
    const size = fs.statSync(file).size;
    const length = Math.min(size, 16_384);
    const buffer = Buffer.alloc(length);
    const fd = fs.openSync(file, 'r');
    try {
      fs.readSync(fd, buffer, 0, length, size - length);
    } finally {
      fs.closeSync(fd);
    }
    return buffer.toString('utf8').split('\n').slice(-lines).join('\n').trimEnd();
  } catch {
    return '';
  }
}

/** An error that ends with the tail of a log, so a failed start says why. */
export function withLog(message: string, logFile: string): Error {
  const tail = tailOf(logFile);
  return new Error(`${message}\n--- ${logFile} (last lines) ---\n${tail || '(empty)'}`);
}

/** Runs a command to its end, bounded; rejects with its output when it fails or overruns. */
export function run(
  file: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: timeoutMs,
        killSignal: 'SIGTERM',
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ stdout, stderr });
          return;
        }
        const how = error.killed ? `did not finish within ${timeoutMs} ms` : `failed (${error.code ?? error.signal ?? 'no exit code'})`;
        reject(new Error(`${file} ${args.join(' ')} ${how}\n${`${stderr}${stdout}`.trim()}`));
      },
    );
  });
}

/**
 * What the safety net kills when the test process ends without stopping its cluster (a crash, Ctrl-C, a
 * forgotten stop()): process groups of the children, PostgreSQL servers by their data folder (pg_ctl
 * detaches them, so they are nobody's child here), and folders to remove.
 */
interface Leftovers {
  groups: Set<number>;
  postgres: Set<string>;
  folders: Set<string>;
}

const leftovers: Leftovers = { groups: new Set(), postgres: new Set(), folders: new Set() };
let installed = false;

const isEmpty = () => leftovers.groups.size + leftovers.postgres.size + leftovers.folders.size === 0;

function onSignal(signal: NodeJS.Signals) {
  killLeftovers();
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

function install() {
  if (installed) return;
  installed = true;
  process.on('exit', killLeftovers);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

function uninstallIfDone() {
  if (!installed || !isEmpty()) return;
  installed = false;
  process.off('exit', killLeftovers);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
}

/** The first line of postmaster.pid is the server's pid. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Synchronous, as an 'exit' handler must be: SIGKILL to every child's process group (nginx's workers go with
 * their master), SIGQUIT to each postmaster (its immediate shutdown, which takes its backends along), a short
 * wait for the postmasters so their files can go, then the folders.
 */
function killLeftovers() {
  for (const pid of leftovers.groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  const postmasters = [...leftovers.postgres].map(postmasterPid).filter((pid) => pid !== undefined);
  for (const pid of postmasters) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // Already gone.
    }
  }
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 5_000;
  while (postmasters.some(isAlive) && Date.now() < deadline) Atomics.wait(nap, 0, 0, 50);
  for (const folder of leftovers.folders) {
    try {
      fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // A file still held open: the folder is under the system's temp folder, which gets cleared anyway.
    }
  }
  leftovers.groups.clear();
  leftovers.postgres.clear();
  leftovers.folders.clear();
}

/** Registers something for the safety net; the answer takes it off again (after a clean stop). */
export function leaveBehind(kind: keyof Leftovers, what: number | string): () => void {
  const set = leftovers[kind] as Set<number | string>;
  set.add(what);
  install();
  return () => {
    set.delete(what);
    uninstallIfDone();
  };
}
