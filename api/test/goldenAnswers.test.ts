import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../src/db/client.js';
import { multipartBody, validPostFields } from './multipart.js';
import { emptyDatabase, freshClientAddress, signIn, startTestServer } from './testServer.js';

// The public and owner answers of the listing and deal calls, on fixed data and a fixed clock, recorded once
// and compared byte for byte: a refactoring of how listings are read, validated or written must not change
// one byte of what the pages receive. `GOLDEN_RECORD=1` records them anew (only when the answers are meant
// to change, and the diff of the file then shows how).

const GOLDEN_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden', 'answers.json');
const isRecording = process.env.GOLDEN_RECORD === '1';

/** The moment every stored row is moved to, one minute apart per row, so the answers do not follow the real clock. */
const FIXED_CLOCK = '2026-03-01T08:00:00Z';
/** Answers to writes carry the database's `now()`: its instants are written as this. */
const WRITE_TIME = '<now>';
const isoInstant = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

interface GoldenAnswer {
  status: number;
  body: string;
}

test('the listing and deal answers are byte for byte those recorded', async () => {
  const handle = await openDatabase({ pgliteDir: 'memory' });
  await emptyDatabase(handle);
  const server = await startTestServer(handle);
  const { app } = server;
  const answers: Record<string, GoldenAnswer> = {};
  try {
    type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const call = async (
      label: string,
      method: Method,
      url: string,
      options: { token?: string; payload?: unknown; multipart?: Record<string, string>; isWrite?: boolean } = {},
    ) => {
      const body = options.multipart ? multipartBody(options.multipart) : undefined;
      const answer = await app.inject({
        method,
        url: `/api/v1${url}`,
        remoteAddress: freshClientAddress(),
        headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(body?.headers ?? {}) },
        ...(body
          ? { payload: body.payload }
          : options.payload !== undefined
            ? { payload: options.payload as Record<string, unknown> }
            : {}),
      });
      const text = options.isWrite ? answer.body.replace(isoInstant, WRITE_TIME) : answer.body;
      assert.equal(answers[label], undefined, `two calls named ${label}`);
      answers[label] = { status: answer.statusCode, body: text };
      return answer;
    };
    const post = (label: string, token: string, fields: Record<string, string>) =>
      call(label, 'POST', '/jobs', { token, multipart: fields, isWrite: true });

    const dana = await signIn(app, 'dana.k@example.com', 'Dana Katz');
    const omar = await signIn(app, 'omar@example.com', 'Omar Haddad');
    const lena = await signIn(app, 'lena@example.com', 'Лена');

    // Writes: what a post, an edit and a refusal answer.
    const sofa = (await post('post a job', dana, validPostFields())).json().job_id as number;
    const tutoring = (
      await post(
        'post a service with every field',
        omar,
        validPostFields({
          jobTitle: 'Maths tutoring for high school',
          description: 'Bagrut preparation, five units.\nEvenings and Fridays.',
          category: 'educationAndTutoring',
          paymentType: 'hourly',
          amount: '120',
          contactPersonName: 'Omar',
          phone: '+972 52 765 4321',
          contactEmail: 'omar@example.com',
          location: JSON.stringify({ city: 'Nazareth', address: '' }),
          offerType: 'service',
          language: 'en',
          contactMethods: JSON.stringify(['email', 'whatsapp']),
        }),
      )
    ).json().job_id as number;
    const garden = (
      await post(
        'post in Hebrew with a chosen place',
        lena,
        validPostFields({
          jobTitle: 'ניקוי גינה',
          description: 'גינה קטנה, שעתיים עבודה.',
          category: 'homeServices',
          amount: '0300',
          location: JSON.stringify({ city: 'תל אביב', address: 'דיזנגוף 5', placeId: 293397 }),
          contactMethods: JSON.stringify([]),
        }),
      )
    ).json().job_id as number;
    await post(
      'post a dog walk, Russian',
      lena,
      validPostFields({
        jobTitle: 'Выгул собаки',
        description: 'Утром, полчаса.',
        category: 'petAndAnimalCare',
        amount: '40',
        paymentType: 'hourly',
        location: JSON.stringify({ city: 'Haifa', address: '' }),
      }),
    );
    await post('refuse an empty post', dana, {});
    await post(
      'refuse bad values',
      dana,
      validPostFields({
        jobTitle: ' ',
        amount: '12.5',
        paymentType: 'weekly',
        category: 'x',
        phone: '123',
        contactEmail: 'not-an-email',
        offerType: 'gift',
        language: 'fr',
      }),
    );
    await post(
      'refuse email contact without an address',
      dana,
      validPostFields({ contactEmail: '', contactMethods: JSON.stringify(['email']) }),
    );
    await post('refuse a location that is not JSON', dana, validPostFields({ location: '{city' }));
    await post('refuse an unknown place', dana, validPostFields({ location: JSON.stringify({ city: 'Nowhere', placeId: 999999999 }) }));
    await post(
      'refuse too long a title and amount',
      dana,
      validPostFields({ jobTitle: 'x'.repeat(81), amount: '12345', description: 'y'.repeat(1001) }),
    );
    await call('edit a listing', 'PUT', `/jobs/${sofa}`, {
      token: dana,
      multipart: validPostFields({ jobTitle: 'Help carrying a sofa and two chairs', amount: '300', keepImages: '[]' }),
      isWrite: true,
    });
    await call('refuse an edit by someone else', 'PUT', `/jobs/${sofa}`, { token: omar, multipart: validPostFields(), isWrite: true });
    const closed = (await post('post a listing to close', dana, validPostFields({ jobTitle: 'Moving boxes', amount: '100' }))).json()
      .job_id as number;
    await call('close a listing', 'PATCH', `/jobs/${closed}/close`, { token: dana, isWrite: true });
    const deleted = (await post('post a listing to delete', dana, validPostFields({ jobTitle: 'Old couch', amount: '50' }))).json()
      .job_id as number;
    await call('delete a listing', 'DELETE', `/jobs/${deleted}`, { token: dana, isWrite: true });

    // The deal: an application, the owner's offer, its acceptance.
    const application = await call('apply', 'POST', `/jobs/${sofa}/applications`, {
      token: omar,
      payload: { message: 'I can come on Sunday.', phone: '052-765-4321' },
      isWrite: true,
    });
    const applicationId = application.json().application.id as number;
    await call('refuse an application to my own listing', 'POST', `/jobs/${sofa}/applications`, {
      token: dana,
      payload: { message: 'Me' },
      isWrite: true,
    });
    await call('offer', 'PATCH', `/applications/${applicationId}`, { token: dana, payload: { status: 'offered' }, isWrite: true });
    await call('accept', 'PATCH', `/applications/${applicationId}`, { token: omar, payload: { status: 'hired' }, isWrite: true });
    await call('alert', 'POST', '/me/alerts', { token: lena, payload: { offerType: 'job', q: 'sofa', frequency: 'daily' }, isWrite: true });

    // The fixed clock: every stored instant moved to one of its own, in the order it was written.
    for (const table of ['users', 'listings', 'applications', 'conversations', 'messages', 'alerts']) {
      const columns = rowsOf<{ column_name: string }>(
        await handle.db.execute(
          sql`select column_name from information_schema.columns where table_name = ${table} and data_type = 'timestamp with time zone' and column_name in ('created_at', 'updated_at', 'last_message_at', 'decided_at')`,
        ),
      );
      for (const { column_name } of columns) {
        await handle.db.execute(
          sql.raw(
            `update ${table} set ${column_name} = timestamptz '${FIXED_CLOCK}' + (id * interval '1 minute') where ${column_name} is not null`,
          ),
        );
      }
    }

    // Reads, public and owner, on the fixed data.
    for (const language of ['he', 'en', 'ar', 'ru'])
      await call(`search jobs, places in ${language}`, 'GET', `/jobs?offerType=job&language=${language}`);
    await call('search services', 'GET', '/jobs?offerType=service');
    await call('search words', 'GET', '/jobs?offerType=job&q=sofa');
    await call(
      'search a category, hourly, highest pay',
      'GET',
      '/jobs?offerType=job&category=petAndAnimalCare&paymentType=hourly&sort=salary-high',
    );
    await call('search lowest pay', 'GET', '/jobs?offerType=job&sort=salary-low');
    await call('search a typed place', 'GET', '/jobs?offerType=job&location=haifa');
    await call('search around a place', 'GET', '/jobs?offerType=job&placeId=293397&radiusKm=25&sort=nearest&language=en');
    await call('search one listing language', 'GET', '/jobs?offerType=job&listingLanguage=ru');
    await call('search a page of one, with cursors', 'GET', '/jobs?offerType=job&pageSize=1&page=2');
    await call('refuse a bad search', 'GET', '/jobs?offerType=job&sort=oldest&pageSize=500');
    await call('a listing, anonymous', 'GET', `/jobs/${sofa}`);
    await call('a listing, in Arabic', 'GET', `/jobs/${garden}?language=ar`);
    await call('a listing, its owner', 'GET', `/jobs/${sofa}`, { token: dana });
    await call('a listing, someone else signed in', 'GET', `/jobs/${tutoring}`, { token: dana });
    await call('a closed listing, anonymous', 'GET', `/jobs/${closed}`);
    await call('a closed listing, its owner', 'GET', `/jobs/${closed}`, { token: dana });
    await call('a deleted listing', 'GET', `/jobs/${deleted}`, { token: dana });
    await call('no such listing', 'GET', '/jobs/99999');
    await call('a listing id that is not one', 'GET', '/jobs/abc');
    await call('contact, anonymous', 'GET', `/jobs/${tutoring}/contact`);
    await call('contact, signed in', 'GET', `/jobs/${tutoring}/contact`, { token: lena });
    await call('contact of a listing without contact methods', 'GET', `/jobs/${garden}/contact`, { token: dana });
    await call('my listings', 'GET', '/me/jobs', { token: dana });
    await call('my listings, second page of one', 'GET', '/me/jobs?page=2&pageSize=1', { token: dana });
    await call('my listings, anonymous', 'GET', '/me/jobs');
    await call(
      'a poster profile',
      'GET',
      `/users/${(await app.inject({ method: 'GET', url: `/api/v1/jobs/${sofa}` })).json().publisher_id as number}`,
    );
    await call('applications to my listing', 'GET', `/jobs/${sofa}/applications`, { token: dana });
    await call('applications to a listing, not its owner', 'GET', `/jobs/${sofa}/applications`, { token: lena });
    await call('my applications', 'GET', '/me/applications', { token: omar });
    await call('my conversations', 'GET', '/me/conversations', { token: dana });
    await call('my alerts', 'GET', '/me/alerts', { token: lena });
    await call('my settings', 'GET', '/user/settings', { token: dana });
    await call('places', 'GET', '/places?q=%D7%AA%D7%9C&language=he');
  } finally {
    await server.close();
    await handle.close();
  }

  if (isRecording) {
    fs.mkdirSync(path.dirname(GOLDEN_FILE), { recursive: true });
    fs.writeFileSync(GOLDEN_FILE, `${JSON.stringify(answers, null, 2)}\n`);
    return;
  }
  const recorded = JSON.parse(fs.readFileSync(GOLDEN_FILE, 'utf8')) as Record<string, GoldenAnswer>;
  assert.deepEqual(Object.keys(answers), Object.keys(recorded), 'the same calls, in the same order');
  for (const [label, answer] of Object.entries(answers)) {
    assert.equal(answer.status, recorded[label]?.status, `${label}: status`);
    assert.equal(answer.body, recorded[label]?.body, `${label}: body`);
  }
});
