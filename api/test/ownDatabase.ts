// Loaded with `--import` into each API test file's process when scripts/test.mjs runs the files side by side
// (docs/operations.md#tests-and-ci): each process gets a PostgreSQL database and Redis keys of its own, so the
// suites, which empty the tables between tests, never see each other's rows or counters. The databases are named
// `<DATABASE_URL's database>_p<pid>`; scripts/test.mjs drops them once the API suites have ended.
import pg from 'pg';

// The test runner's own process gets the import too: only the processes that run a file (NODE_TEST_CONTEXT set
// by the runner) need a database of their own.
const isTestFileProcess = process.env.NODE_TEST_CONTEXT?.startsWith('child') ?? false;

if (isTestFileProcess) {
  process.env.REDIS_KEY_PREFIX = `${process.env.REDIS_KEY_PREFIX ?? 'tasko-test-'}p${process.pid}-`;
  const shared = process.env.DATABASE_URL;
  if (shared) {
    const url = new URL(shared);
    const own = `${decodeURIComponent(url.pathname.slice(1))}_p${process.pid}`;
    const client = new pg.Client({ connectionString: shared });
    await client.connect();
    try {
      await client.query(`drop database if exists "${own}"`);
      await client.query(`create database "${own}"`);
    } finally {
      await client.end();
    }
    url.pathname = `/${encodeURIComponent(own)}`;
    process.env.DATABASE_URL = url.toString();
  }
}
