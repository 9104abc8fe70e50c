import type { Pool } from 'pg';
import type { Database } from './client.js';
import { isUnreachable } from './unreachable.js';

/**
 * `none`: no replica configured; `up`: answering and at most `REPLICA_MAX_LAG_MS` behind; `lagging`: further
 * behind (or not known to be caught up); `down`: not answering.
 */
export type ReplicaState = 'none' | 'up' | 'lagging' | 'down';

/** Where public reads go (docs/deploy.md#reads-from-the-replica). */
export interface PublicReads {
  /** The replica while it is fresh enough, or while the primary is down; otherwise the primary. */
  db(): Database;
  /**
   * `work` on `db()`; when that was the replica and it turned out unreachable (stopped since the last poll),
   * once more on the primary, so a replica going away fails no public read.
   */
  read<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * `read`, and when the replica found nothing, the primary is asked too: a listing shared the moment it was
   * posted opens for everyone, though the replica has not replayed it yet.
   */
  readFound<T>(work: (db: Database) => Promise<T | null>): Promise<T | null>;
  state(): ReplicaState;
  stop(): void;
}

/** Without a replica, every read is the primary's. */
export function primaryOnly(db: Database): PublicReads {
  return { db: () => db, read: (work) => work(db), readFound: (work) => work(db), state: () => 'none', stop: () => undefined };
}

/** How often the replica's progress is read. */
const POLL_MS = 250;
/** A position of the primary's write-ahead log is kept this long; older ones say nothing a newer one does not. */
const SAMPLE_KEEP_MS = 120_000;
/** A check that does not answer in this time counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

/** `16/B374D848` → a number that orders like the log does. */
function lsnOf(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** `work`, or a rejection once it has not answered in `ms`: a server that hangs counts as one that is down. */
export function answerWithin<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * How stale the replica is, measured without trusting either clock's idea of "the last transaction": every
 * poll notes the primary's log position and when it was asked for it; the replica is as stale as the newest
 * such note its replayed position has reached. An idle primary therefore reads as fresh, and a paused replay
 * grows stale second by second.
 */
export class ReplicaReads implements PublicReads {
  private samples: { askedAt: number; lsn: bigint }[] = [];
  private replicaState: Exclude<ReplicaState, 'none'> = 'lagging';
  private isPrimaryUp = true;
  private readonly timer: NodeJS.Timeout;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly primary: { db: Database; pool: Pool },
    private readonly replica: { db: Database; pool: Pool },
    private readonly maxLagMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
  }

  db(): Database {
    if (this.replicaState === 'up') return this.replica.db;
    // A stale answer beats none: with the primary gone, the replica is all there is to read.
    if (!this.isPrimaryUp && this.replicaState === 'lagging') return this.replica.db;
    return this.primary.db;
  }

  async read<T>(work: (db: Database) => Promise<T>): Promise<T> {
    return (await this.readNoting(work)).answer;
  }

  async readFound<T>(work: (db: Database) => Promise<T | null>): Promise<T | null> {
    const { answer, from } = await this.readNoting(work);
    if (answer !== null || from !== this.replica.db) return answer;
    try {
      return await work(this.primary.db);
    } catch (error) {
      // The primary is away: the replica's answer is all there is.
      if (isUnreachable(error)) return null;
      throw error;
    }
  }

  /** `work`'s answer and the database that gave it. */
  private async readNoting<T>(work: (db: Database) => Promise<T>): Promise<{ answer: T; from: Database }> {
    const chosen = this.db();
    try {
      return { answer: await work(chosen), from: chosen };
    } catch (error) {
      if (chosen !== this.replica.db || !isUnreachable(error)) throw error;
      this.replicaState = 'down';
      return { answer: await work(this.primary.db), from: this.primary.db };
    }
  }

  state(): ReplicaState {
    return this.replicaState;
  }

  /** One reading of both servers; overlapping calls share it. */
  poll(): Promise<void> {
    this.polling ??= this.readProgress().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async readProgress(): Promise<void> {
    const askedAt = this.now();
    const [primary, replica] = await Promise.allSettled([
      answerWithin(this.primary.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')),
      answerWithin(
        this.replica.pool.query<{ lsn: string | null; standby: boolean }>(
          'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby',
        ),
      ),
    ]);
    this.isPrimaryUp = primary.status === 'fulfilled';
    if (primary.status === 'fulfilled' && primary.value.rows[0]) this.samples.push({ askedAt, lsn: lsnOf(primary.value.rows[0].lsn) });
    this.samples = this.samples.filter((sample) => askedAt - sample.askedAt <= SAMPLE_KEEP_MS);
    if (replica.status === 'rejected') {
      this.replicaState = 'down';
      return;
    }
    const row = replica.value.rows[0];
    // A promoted replica (no longer in recovery) is a primary of its own: nothing to wait for.
    if (row && !row.standby) {
      this.replicaState = 'up';
      return;
    }
    const replayed = row?.lsn ? lsnOf(row.lsn) : -1n;
    const reached = this.samples.filter((sample) => sample.lsn <= replayed).at(-1);
    this.replicaState = reached && this.now() - reached.askedAt <= this.maxLagMs ? 'up' : 'lagging';
  }
}
