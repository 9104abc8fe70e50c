// Demo data that shows the product. A fresh site starts with listings in four languages, across the
// country, posted over recent days, most of them with photos drawn at first start and stored like uploads;
// marked as samples; none with DEMO_DATA=off; never seeded twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { LANGUAGE_CODES } from '@tasko/shared/domain';
import { postSchema } from '@tasko/shared/validation';
import { rowsOf, type Database, type DatabaseHandle } from '../src/db/client.js';
import { placeNamed } from '../src/plugins/places/places.js';
import { LocalPhotoStorage, type PhotoStorage, type StoredPhoto } from '../src/plugins/jobs/photoStorage.js';
import { DEMO_LISTINGS } from '../src/plugins/demo/demoListings.js';
import { DEMO_PHOTO_HEIGHT, DEMO_PHOTO_WIDTH, storeDemoPhotos } from '../src/plugins/demo/demoPhotos.js';
import { seedDemoListings } from '../src/plugins/demo/seedDemo.js';
import { emptyDatabase, startTestServer, testDatabases, type TestServer } from './testServer.js';

interface Seeded {
  job_id: number;
  jobTitle: string;
  language: string;
  offerType: string;
  category: string;
  place: { id: number; name: string } | null;
  image_url: string[];
  created_at: string;
  publisher_id: number;
  is_demo?: boolean;
}

async function everyListing(server: TestServer): Promise<{ jobs: Seeded[]; total: number }> {
  return (await server.app.inject('/api/v1/jobs?pageSize=50')).json();
}

/** `db` as the code under test sees it, counting the statements begun through it. */
function countingStatements(db: Database): { db: Database; statements: () => number } {
  let statements = 0;
  const starts = new Set<PropertyKey>(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', 'transaction', 'with']);
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (starts.has(property)) statements += 1;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: counted, statements: () => statements };
}

/** A storage that refuses the `failAt`-th photo, and remembers what it holds. */
class FailingStorage implements PhotoStorage {
  readonly held = new Set<string>();
  private puts = 0;
  constructor(private readonly failAt: number) {}
  async put(name: string): Promise<string> {
    this.puts += 1;
    if (this.puts === this.failAt) throw new Error('bucket refused the photo');
    this.held.add(`/uploads/${name}`);
    return `/uploads/${name}`;
  }
  async remove(url: string): Promise<void> {
    this.held.delete(url);
  }
  async list(): Promise<StoredPhoto[]> {
    return [...this.held].map((url) => ({ name: url.slice('/uploads/'.length), url, modifiedAt: new Date() }));
  }
}

describe('demo listings as written', () => {
  it('are what a poster could have posted, each in a town the places know', () => {
    for (const listing of DEMO_LISTINGS) {
      const parsed = postSchema.safeParse({
        jobTitle: listing.title,
        description: listing.description,
        category: listing.category,
        paymentType: listing.paymentType,
        amount: String(listing.amount),
        contactPersonName: listing.contactPersonName,
        phone: listing.phone,
        location: { city: listing.city, address: listing.address },
        offerType: listing.offerType,
      });
      assert.ok(parsed.success, `${listing.title}: ${JSON.stringify(parsed.error?.issues)}`);
      assert.ok(placeNamed(listing.city), `${listing.title}: no place is named "${listing.city}"`);
    }
  });

  it('draws nothing and stores nothing when one photo cannot be stored', async () => {
    const storage = new FailingStorage(3);
    await assert.rejects(
      storeDemoPhotos(
        storage,
        DEMO_LISTINGS.slice(0, 6).map((listing) => listing.photos),
      ),
      /bucket refused/,
    );
    assert.equal(storage.held.size, 0, 'the photos stored before the failure are removed again');
  });
});

for (const database of testDatabases()) {
  describe(`demo data on ${database.name}`, () => {
    // One database for the suite (opening one migrates it, which takes seconds), emptied before each test.
    let handle: DatabaseHandle;
    before(async () => {
      handle = await database.open();
    });
    beforeEach(() => emptyDatabase(handle));
    after(() => handle?.close());

    it('fills a fresh site: four languages, places across the country, recent times, most with photos', async () => {
      const server = await startTestServer(handle, { DEMO_DATA: 'on' });
      try {
        const { jobs, total } = await everyListing(server);
        assert.equal(total, DEMO_LISTINGS.length);
        assert.equal(jobs.length, DEMO_LISTINGS.length);
        assert.ok(
          jobs.every((job) => job.is_demo === true),
          'every one is marked as a sample',
        );

        // Written in each language, by its own script; jobs and services; every category.
        for (const language of LANGUAGE_CODES)
          assert.ok(jobs.filter((job) => job.language === language).length >= 3, `listings in ${language}`);
        assert.deepEqual(new Set(jobs.map((job) => job.offerType)), new Set(['job', 'service']));
        assert.equal(new Set(jobs.map((job) => job.category)).size, 5);

        // Every city resolved to a GeoNames place, and they are spread over the country.
        assert.ok(
          jobs.every((job) => job.place !== null),
          `unplaced: ${jobs
            .filter((job) => !job.place)
            .map((job) => job.jobTitle)
            .join(', ')}`,
        );
        assert.ok(new Set(jobs.map((job) => job.place?.id)).size >= 15, 'places across the country, not a few cities');

        // Posted over recent days, newest first, from minutes ago to about ten days ago.
        const ages = jobs.map((job) => Date.now() - Date.parse(job.created_at));
        assert.equal(new Set(ages.map((age) => Math.round(age / 60_000))).size, jobs.length, 'no two posted at the same minute');
        assert.ok(Math.min(...ages) < 60 * 60_000, 'the newest was posted within the hour');
        assert.ok(Math.max(...ages) > 7 * 24 * 3600_000 && Math.max(...ages) < 11 * 24 * 3600_000, 'the oldest about ten days ago');
        assert.deepEqual(
          [...ages].sort((a, b) => a - b),
          ages,
          'the newest first',
        );

        // By posters of their own, as on a real site.
        assert.ok(new Set(jobs.map((job) => job.publisher_id)).size > DEMO_LISTINGS.length / 2);

        // At least three in four have photos; every photo is stored, served and decodes as the drawing.
        const withPhotos = jobs.filter((job) => job.image_url.length > 0);
        assert.ok(withPhotos.length >= 0.75 * jobs.length, `${withPhotos.length} of ${jobs.length} have photos`);
        for (const url of withPhotos.flatMap((job) => job.image_url)) {
          assert.ok(fs.existsSync(path.join(server.config.uploadDir, path.basename(url))), `${url} is on disk`);
          const served = await server.app.inject(url);
          assert.equal(served.statusCode, 200, url);
          assert.equal(served.headers['content-type'], 'image/jpeg');
          const meta = await sharp(served.rawPayload).metadata();
          assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT], url);
        }
        // Drawn, not blank: a picture has many colours (a flat or noisy image would not compress like this).
        const first = await sharp(path.join(server.config.uploadDir, path.basename(withPhotos[0]!.image_url[0]!))).stats();
        assert.ok(
          first.channels.every((channel) => channel.stdev > 10),
          'the photo shows something',
        );

        // The page of a listing says it is a sample too.
        const page = (await server.app.inject(`/api/v1/jobs/${jobs[0]!.job_id}`)).json();
        assert.equal(page.is_demo, true);
      } finally {
        await server.close();
      }

      // A second start on the same database adds nothing: no listing, no poster.
      const usersBefore = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from users`))[0]!.n;
      const again = await startTestServer(handle, { DEMO_DATA: 'on' });
      try {
        assert.equal((await everyListing(again)).total, DEMO_LISTINGS.length, 'seeded once only');
        const usersAfter = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from users`))[0]!.n;
        assert.equal(usersAfter, usersBefore);
        assert.ok(
          !fs.existsSync(again.config.uploadDir) || fs.readdirSync(again.config.uploadDir).length === 0,
          'no photo drawn for nothing',
        );
      } finally {
        await again.close();
      }
    });

    it('seeds nothing with DEMO_DATA=off', async () => {
      const server = await startTestServer(handle, { DEMO_DATA: 'off' });
      try {
        assert.equal((await everyListing(server)).total, 0);
        assert.equal(
          rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from users`))[0]!.n,
          0,
          'no demo poster either',
        );
        assert.ok(!fs.existsSync(server.config.uploadDir) || fs.readdirSync(server.config.uploadDir).length === 0, 'no photo drawn');
      } finally {
        await server.close();
      }
    });

    it('writes the listings without photos when the storage refuses them, and says why', async () => {
      const storage = new FailingStorage(5);
      const seeding = await seedDemoListings(handle.db, storage);
      assert.equal(seeding.listings, DEMO_LISTINGS.length);
      assert.equal(seeding.photos, 0);
      assert.match(seeding.photoError ?? '', /bucket refused/);
      assert.equal(storage.held.size, 0, 'nothing left behind in the storage');
      const images = rowsOf<{ images: string[] }>(await handle.db.execute(sql`select images from listings`));
      assert.ok(images.every((row) => row.images.length === 0));
    });

    it('stores each drawing once where uploads go, and writes in one statement the posters and one the listings', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-demo-'));
      try {
        // What a start spends on the demo is its work, counted here; how long that takes depends on the machine.
        const counted = countingStatements(handle.db);
        const seeding = await seedDemoListings(counted.db, new LocalPhotoStorage(dir));
        const photos = DEMO_LISTINGS.reduce((sum, listing) => sum + listing.photos.length, 0);
        assert.equal(seeding.photos, photos);
        assert.equal(fs.readdirSync(dir).length, photos, 'one file per drawing, none drawn twice');
        // Whether the database already has listings, the posters, the listings: not one statement per listing.
        assert.equal(counted.statements(), 3);
        assert.equal(
          rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from listings`))[0]!.n,
          DEMO_LISTINGS.length,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
