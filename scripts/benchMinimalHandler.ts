// The floor the API is measured against: node's own `http` and `pg`, no framework, answering
// `GET /shape/<n>` with the very statements the API sent for that search shape (recorded by the bench),
// run one after the other as the API runs them, and the rows as JSON.
// Usage: tsx scripts/benchMinimalHandler.ts <port> <statements.json> <database url>
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

interface Statement {
  text: string;
  params: unknown[];
}

const [port, statementsFile, databaseUrl] = process.argv.slice(2);
const shapes = JSON.parse(fs.readFileSync(statementsFile!, 'utf8')) as Statement[][];
// The API's pool size (PG_POOL_SIZE), so both sides have as many connections to the database.
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.PG_POOL_SIZE ?? 10) });

http
  .createServer((request, response) => {
    const statements = shapes[Number(request.url?.split('/')[2])];
    if (!statements) {
      response.writeHead(404).end();
      return;
    }
    (async () => {
      let rows: unknown[] = [];
      for (const statement of statements) rows = (await pool.query(statement.text, statement.params)).rows;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jobs: rows }));
    })().catch(() => response.writeHead(500).end());
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
