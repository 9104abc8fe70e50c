import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { multipartBody, validPostFields } from './multipart.js';
import { freshClientAddress, signIn, testDatabases, useServerOn } from './testServer.js';

for (const database of testDatabases()) {
  describe(`a poster's figures on ${database.name}`, () => {
    let owner: string;
    const suite = useServerOn(database, {}, async () => {
      owner = await signIn(suite.server.app, 'poster@example.com');
    });
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const publish = async () => {
      const body = multipartBody(validPostFields());
      return (
        await suite.server.app.inject({
          method: 'POST',
          url: '/api/v1/jobs',
          payload: body.payload,
          headers: { ...body.headers, ...auth(owner) },
        })
      ).json().job_id as number;
    };
    const pageView = (path: string, at = new Date()) => ({
      name: 'page_view',
      language: 'he',
      path,
      props: { route: 'job' },
      visitorId: crypto.randomUUID(),
      at: at.toISOString(),
    });

    it('counts "Show phone" per listing and day, and views the server answered, over 30 days', async () => {
      const seen = await publish();
      const quiet = await publish();
      for (let i = 0; i < 3; i += 1) {
        assert.equal(
          (await suite.server.app.inject({ url: `/api/v1/jobs/${seen}/contact`, remoteAddress: freshClientAddress() })).statusCode,
          200,
        );
        assert.equal(
          (
            await suite.server.app.inject({
              url: `/api/v1/jobs/${seen}?language=${['he', 'ar', 'en'][i]}`,
              remoteAddress: freshClientAddress(),
            })
          ).statusCode,
          200,
        );
      }
      // The browsers' page_view events are the site's traffic figures, not the owner's.
      const events = [pageView(`/job/${seen}`), pageView(`/he/job/${seen}`), pageView(`/job/${quiet}`), pageView(`/faq`)];
      assert.equal((await suite.server.app.inject({ method: 'POST', url: '/api/v1/events', payload: { events } })).statusCode, 202);
      // A view and a reveal from 40 days ago are outside the window.
      await suite.handle.db.execute(
        sql`insert into listing_views (listing_id, day, address_key, browser_key) values (${seen}, current_date - 40, 'old', 'old')`,
      );
      await suite.handle.db.execute(sql`insert into listing_reveals_daily (listing_id, day, count) values (${seen}, current_date - 40, 9)`);
      // Applications count whatever became of them, however old.
      const worker = await signIn(suite.server.app, 'worker@example.com');
      const apply = await suite.server.app.inject({
        method: 'POST',
        url: `/api/v1/jobs/${seen}/applications`,
        headers: auth(worker),
        payload: { message: 'I can help.' },
      });
      assert.equal(apply.statusCode, 201, apply.body);
      await suite.server.app.inject({
        method: 'PATCH',
        url: `/api/v1/applications/${apply.json().application.id}`,
        headers: auth(worker),
        payload: { status: 'withdrawn' },
      });

      const answer = await suite.server.app.inject({ url: '/api/v1/me/jobs', headers: auth(owner) });
      assert.equal(answer.statusCode, 200, answer.body);
      const mine = answer.json().jobs as { job_id: number; stats: { views: number; reveals: number } }[];
      assert.deepEqual(mine.find((j) => j.job_id === seen)?.stats, { views: 3, reveals: 3, applications: 1 });
      assert.deepEqual(mine.find((j) => j.job_id === quiet)?.stats, { views: 0, reveals: 0, applications: 0 });
      const publicList = (await suite.server.app.inject('/api/v1/jobs')).json().jobs as object[];
      assert.ok(
        publicList.every((j) => !('stats' in j)),
        'the figures are the poster’s alone',
      );
    });
  });
}
