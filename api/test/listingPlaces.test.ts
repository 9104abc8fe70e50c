// Issue 14: a listing's place is a GeoNames record, shown in the reader's language and found by any of its
// names; distance around a chosen place; the listing's own language; stored rows keyed and mapped.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.js';
import { keyStoredListings, termStoredListings } from '../src/plugins/jobs/listingKeys.js';
import { multipartBody, validPostFields } from './multipart.js';
import { freshClientAddress, signIn, testDatabases, useServerOn } from './testServer.js';

const HAIFA = 294801;
const QIRYAT_ATA = 293845;
const NETANYA = 294071;
const TEL_AVIV = 293397;

interface Found {
  job_id: number;
  jobTitle: string;
  language: string;
  distance_km?: number;
  place: { id: number; name: string } | null;
  location: { city: string; address: string };
}

for (const database of testDatabases()) {
  describe(`places and languages of listings on ${database.name}`, () => {
    let dana: string;
    const ids = new Map<string, number>();
    const suite = useServerOn(database, { WRITE_RATE_LIMIT: '1000' }, async () => {
      dana = await signIn(suite.server.app, 'dana@example.com', 'Dana');
      const posts: [string, Record<string, string>][] = [
        ['haifa', { jobTitle: 'Moving boxes in Haifa', location: JSON.stringify({ city: 'Haifa', address: 'Herzl 10' }) }],
        [
          'qiryat ata',
          {
            jobTitle: 'ניקיון דירה בקריית אתא',
            description: 'שלושה חדרים, יום חמישי בבוקר.',
            location: JSON.stringify({ city: 'קריית אתא', address: '' }),
            paymentType: 'hourly',
            amount: '60',
          },
        ],
        [
          'netanya',
          {
            jobTitle: 'Выгулять собаку',
            description: 'Каждое утро, полчаса.',
            location: JSON.stringify({ city: 'Нетания', address: '' }),
            amount: '600',
          },
        ],
        [
          'tel aviv',
          {
            jobTitle: 'تنظيف شقة',
            description: 'شقة من ثلاث غرف.',
            location: JSON.stringify({ city: 'תל אביב-יפו', address: 'דיזנגוף 100' }),
            paymentType: 'hourly',
            amount: '50',
          },
        ],
        ['nowhere', { jobTitle: 'Garden help', location: JSON.stringify({ city: 'Kfar Nowhere', address: '' }) }],
        // Chosen from the suggestions: the id is stored, the poster's language chosen by hand.
        [
          'chosen',
          {
            jobTitle: 'Babysitter',
            description: 'Two evenings a week.',
            location: JSON.stringify({ city: 'Haifa', address: '', placeId: HAIFA }),
            language: 'ru',
          },
        ],
      ];
      for (const [key, fields] of posts) {
        const res = await publish(fields);
        assert.equal(res.statusCode, 201, `${key}: ${res.body}`);
        ids.set(key, res.json().job_id);
      }
    });
    const publish = (fields: Record<string, string>) => {
      const body = multipartBody(validPostFields(fields));
      return suite.server.app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${dana}` },
        remoteAddress: freshClientAddress(),
      });
    };
    const search = async (query: string): Promise<{ jobs: Found[]; total: number }> =>
      (await suite.server.app.inject(`/api/v1/jobs?pageSize=50&${query}`)).json();
    const titles = async (query: string) => (await search(query)).jobs.map((j) => j.jobTitle).sort();

    it('finds a listing posted as "Haifa" by each spelling and shows it by each name', async () => {
      for (const typed of ['חיפה', 'حيفا', 'Хайфа', 'haifa', 'HAIFA', 'hai', 'חיפ']) {
        assert.deepEqual(await titles(`location=${encodeURIComponent(typed)}`), ['Babysitter', 'Moving boxes in Haifa'], typed);
      }
      for (const [language, name] of [
        ['he', 'חיפה'],
        ['ar', 'حيفا'],
        ['ru', 'Хайфа'],
        ['en', 'Haifa'],
      ]) {
        const found = (await search(`location=haifa&language=${language}`)).jobs;
        assert.deepEqual(
          found.map((j) => j.place?.name),
          [name, name],
          language,
        );
        assert.ok(
          found.every((j) => j.location.city === 'Haifa'),
          'the city as typed is kept',
        );
      }
    });

    it('finds the common alternates of a name, across scripts', async () => {
      for (const typed of ['Tel Aviv', 'תל אביב', 'تل أبيب', 'تل ابيب', 'Тель-Авив', 'тель авив']) {
        assert.deepEqual(await titles(`location=${encodeURIComponent(typed)}`), ['تنظيف شقة'], typed);
      }
      // A spelling GeoNames knows that is none of the four names.
      assert.deepEqual(await titles('location=hayfa'), ['Babysitter', 'Moving boxes in Haifa']);
      // The street, as typed.
      assert.deepEqual(await titles(`location=${encodeURIComponent('דיזנגוף')}`), ['تنظيف شقة']);
      // A city no place has: kept as typed, found by its text, with no place.
      const nowhere = (await search('location=nowhere')).jobs;
      assert.deepEqual(
        nowhere.map((j) => [j.jobTitle, j.place]),
        [['Garden help', null]],
      );
    });

    it('filters by a chosen place and by distance around it, and sorts nearest first', async () => {
      assert.deepEqual(await titles(`placeId=${HAIFA}`), ['Babysitter', 'Moving boxes in Haifa']);
      assert.deepEqual(await titles(`placeId=${HAIFA}&radiusKm=25`), ['Babysitter', 'Moving boxes in Haifa', 'ניקיון דירה בקריית אתא']);
      assert.deepEqual(await titles(`placeId=${HAIFA}&radiusKm=50`), ['Babysitter', 'Moving boxes in Haifa', 'ניקיון דירה בקריית אתא']);
      const nearest = (await search(`placeId=${HAIFA}&sort=nearest`)).jobs;
      assert.deepEqual(
        nearest.map((j) => [j.place?.id, j.distance_km]),
        [
          [HAIFA, 0],
          [HAIFA, 0],
          [QIRYAT_ATA, 12],
          [NETANYA, 55],
          [TEL_AVIV, 84],
        ],
        'nearest first, newest first within a place; a listing with no place is in no distance search',
      );
      assert.deepEqual(
        nearest.slice(0, 2).map((j) => j.jobTitle),
        ['Babysitter', 'Moving boxes in Haifa'],
      );
      // Pages of nearest first follow one another by cursor, both ways.
      const first = (await suite.server.app.inject(`/api/v1/jobs?placeId=${HAIFA}&sort=nearest&pageSize=2`)).json();
      const second = (
        await suite.server.app.inject(`/api/v1/jobs?placeId=${HAIFA}&sort=nearest&pageSize=2&page=2&cursor=${first.nextCursor}`)
      ).json();
      assert.deepEqual(
        second.jobs.map((j: Found) => j.job_id),
        nearest.slice(2, 4).map((j) => j.job_id),
      );
      const back = (
        await suite.server.app.inject(`/api/v1/jobs?placeId=${HAIFA}&sort=nearest&pageSize=2&cursor=${second.previousCursor}`)
      ).json();
      assert.deepEqual(
        back.jobs.map((j: Found) => j.job_id),
        nearest.slice(0, 2).map((j) => j.job_id),
      );
      // No distance without a chosen place.
      assert.equal(
        (await search('')).jobs.some((j) => j.distance_km !== undefined),
        false,
      );
    });

    it('stores the language a listing is written in, detected or chosen, and filters by it', async () => {
      const languageOf = async (key: string) => (await search('')).jobs.find((j) => j.job_id === ids.get(key))?.language;
      assert.equal(await languageOf('haifa'), 'en');
      assert.equal(await languageOf('qiryat ata'), 'he');
      assert.equal(await languageOf('netanya'), 'ru');
      assert.equal(await languageOf('tel aviv'), 'ar');
      assert.equal(await languageOf('chosen'), 'ru', "the poster's choice wins over the script");
      assert.deepEqual(await titles('listingLanguage=ru'), ['Babysitter', 'Выгулять собаку']);
      assert.deepEqual(await titles('listingLanguage=ar'), ['تنظيف شقة']);
      assert.deepEqual(await titles('listingLanguage=he&offerType=job'), ['ניקיון דירה בקריית אתא']);
    });

    it('filters by payment type', async () => {
      assert.deepEqual(await titles('paymentType=hourly'), ['ניקיון דירה בקריית אתא', 'تنظيف شقة']);
      assert.equal((await titles('paymentType=fixed')).length, 4);
      assert.equal((await titles('paymentType=any')).length, 6);
    });

    it('refuses a place id no place has when posting, on the city field', async () => {
      const res = await publish({ location: JSON.stringify({ city: 'Haifa', address: '', placeId: 12345 }) });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().fields.location, 'placeUnknown');
    });

    it('keys and terms the listings stored before keys existed, mapping their cities to places', async () => {
      const { db } = suite.handle;
      const [publisher] = rowsOf<{ id: number }>(await db.execute(sql`select id from users limit 1`));
      // Rows as migration 0007 leaves them: the new columns at their defaults.
      await db.execute(sql`
        insert into listings (publisher_id, title, description, category, amount, contact_person_name, phone, city, address)
        values (${publisher!.id}, 'שִׁיעוּר גִּיטָרָה', 'לילדים', 'educationAndTutoring', 80, 'נועה', '0541234567', 'נתניה', ''),
               (${publisher!.id}, 'Old listing', 'From before places', 'other', 80, 'Sam', '0541234567', 'haifa', 'Herzl 1'),
               (${publisher!.id}, 'Старое объявление', 'Без места', 'other', 80, 'Ира', '0541234567', 'Somewhere else', '')`);
      const counted = await keyStoredListings(db);
      assert.deepEqual(counted, { keyed: 3, mapped: 2 });
      const rows = rowsOf<{ title: string; place_id: number | null; language: string }>(
        await db.execute(
          sql`select title, place_id, language from listings where title in ('שִׁיעוּר גִּיטָרָה', 'Old listing', 'Старое объявление') order by id`,
        ),
      );
      assert.deepEqual(
        rows.map((r) => [r.title, r.place_id === null ? null : Number(r.place_id), r.language]),
        [
          ['שִׁיעוּר גִּיטָרָה', NETANYA, 'he'],
          ['Old listing', HAIFA, 'en'],
          ['Старое объявление', null, 'ru'],
        ],
      );
      // Their search terms are worked out at start-up too, after the keys (terms stored before a vocabulary change alike).
      assert.deepEqual(await termStoredListings(db), { termed: 3 });
      assert.deepEqual(await termStoredListings(db), { termed: 0 }, 'once termed, nothing is left to term');
      // Found like every other listing: by a spelling without niqqud, by another script's name of its city.
      assert.deepEqual(await titles(`q=${encodeURIComponent('שיעור גיטרה')}`), ['שִׁיעוּר גִּיטָרָה']);
      assert.ok((await titles(`location=${encodeURIComponent('نتانيا')}`)).includes('שִׁיעוּר גִּיטָרָה'));
      assert.deepEqual(await keyStoredListings(db), { keyed: 0, mapped: 0 }, 'once keyed, nothing is left to key');
    });
  });
}
