import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { openDatabase } from '../src/db/client.js';
import { redisAnswers, startTestServer } from './testServer.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits in Redis (REDIS_URL)', () => {
  it('counts sign-in attempts across instances', async (t) => {
    if (!(await redisAnswers(REDIS_URL))) {
      t.skip(`no Redis at ${REDIS_URL}`);
      return;
    }
    const handle = await openDatabase({ pgliteDir: 'memory' });
    // Two instances on one Redis: the limit holds for both together.
    const first = await startTestServer(handle, { REDIS_URL });
    const second = await startTestServer(handle, { REDIS_URL });
    try {
      // A client address of its own, so counts left in Redis by an earlier run (for 60 s) do not interfere.
      const client = `198.51.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
      const attempt = (server: typeof first) =>
        server.app.inject({ method: 'POST', url: '/api/v1/auth/google/login', remoteAddress: client });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await attempt(first)).statusCode, (await attempt(second)).statusCode);
      assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
      assert.deepEqual(statuses.slice(10), [429, 429]);
      assert.equal((await attempt(first)).json().messageKey, 'rateLimited');
    } finally {
      await first.close();
      await second.close();
      await handle.close();
    }
  });
});
