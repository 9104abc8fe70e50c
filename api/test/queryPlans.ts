// What a query reads, from PostgreSQL's own account of running it: EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON).
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client.js';

export interface LoggedQuery {
  text: string;
  params: unknown[];
}

/** A drizzle logger that keeps the queries it hears, until `take()` hands them over. */
export function queryRecorder(): Logger & { take(): LoggedQuery[] } {
  let queries: LoggedQuery[] = [];
  return {
    logQuery: (text, params) => void queries.push({ text, params }),
    take() {
      const taken = queries;
      queries = [];
      return taken;
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The nodes that fetch rows of a table (an index's own bitmap of row addresses is not a read of rows). */
const ROW_READERS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

export interface ScanRead {
  node: string;
  /** Rows the scan fetched: those it returned and those it fetched and then dropped (filter, recheck). */
  rows: number;
}

/** Runs `query` under EXPLAIN ANALYZE and lists what each of its table scans read. */
export async function scansOf(db: Database, query: LoggedQuery): Promise<{ scans: ScanRead[]; plan: unknown }> {
  // The very text and parameters the search sent, so the plan is the one it got.
  const explained = sql.empty();
  explained.append(sql.raw('explain (analyze, buffers, format json) '));
  const chunks = query.text.split(/\$(\d+)/);
  chunks.forEach((chunk, i) => explained.append(i % 2 === 0 ? sql.raw(chunk) : sql`${query.params[Number(chunk) - 1]}`));
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(explained));
  const raw = row?.['QUERY PLAN'];
  const document = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const scans: ScanRead[] = [];
  const walk = (node: PlanNode) => {
    if (ROW_READERS.has(node['Node Type'])) {
      const fetched =
        node['Actual Rows'] * node['Actual Loops'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      scans.push({ node: `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`.trim(), rows: fetched });
    }
    node.Plans?.forEach(walk);
  };
  walk(document[0]!.Plan);
  return { scans, plan: document };
}
