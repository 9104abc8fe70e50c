import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { LIMITS } from '@tasko/shared/domain';
import { rowsOf } from '../src/db/client.js';
import { listings } from '../src/db/schema.js';
import { LocalPhotoStorage, S3PhotoStorage, sweepOrphanPhotos } from '../src/plugins/jobs/photoStorage.js';
import { animatedGif, jpegWithGps, png } from './images.js';
import { multipartBody, validPostFields, type FilePart } from './multipart.js';
import { freshClientAddress, signIn, testDatabases, useServerOn, type SuiteServer } from './testServer.js';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const HOUR = 60 * 60_000;

/** What each suite needs around its server: publishing as a user, counting rows and files. */
function suiteTools(suite: SuiteServer) {
  const publish = (
    token: string,
    fields: Record<string, string>,
    files: FilePart[] = [],
    method: 'POST' | 'PUT' = 'POST',
    url = '/api/v1/jobs',
  ) => {
    const body = multipartBody(fields, files);
    return suite.server.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...auth(token) },
      remoteAddress: freshClientAddress(),
    });
  };
  const countListings = async () =>
    Number(rowsOf<{ n: number }>(await suite.handle.db.execute(sql`select count(*)::int as n from listings`))[0]?.n);
  const uploadDir = () => suite.server.config.uploadDir;
  const uploadedFiles = () => (fs.existsSync(uploadDir()) ? fs.readdirSync(uploadDir()) : []);
  const fileOf = (url: string) => path.join(uploadDir(), path.basename(url));
  return { publish, countListings, uploadedFiles, fileOf };
}

/** Until libvips has nothing queued or running: a re-encode the request gave up on has ended too. */
async function sharpIdle(): Promise<void> {
  while (sharp.counters().queue + sharp.counters().process > 0) await sleep(10);
}

for (const database of testDatabases()) {
  describe(`what one photo may cost, on ${database.name}`, () => {
    let dana: string;
    const suite = useServerOn(database, { WRITE_RATE_LIMIT: '1000' }, async () => {
      dana = await signIn(suite.server.app, 'dana@example.com', 'Dana');
    });
    const { publish, countListings, uploadedFiles } = suiteTools(suite);

    it('keeps the first frame of an animated GIF only', async () => {
      const animation = await animatedGif(200, 200, 12);
      assert.equal((await sharp(animation).metadata()).pages, 12, 'the fixture is animated');
      const res = await publish(dana, validPostFields(), [{ filename: 'moving.gif', contentType: 'image/gif', data: animation }]);
      assert.equal(res.statusCode, 201);
      const [url = ''] = res.json().image_url as string[];
      assert.match(url, /\.gif$/);
      const stored = await sharp((await suite.server.app.inject(url)).rawPayload, { animated: true }).metadata();
      assert.equal(stored.pages ?? 1, 1, 'one frame stored');
      assert.deepEqual([stored.width, stored.height], [200, 200]);
    });

    it('refuses an image over 40 megapixels with 400 imageTooComplex, and stores nothing', async () => {
      // One colour: a few kilobytes on the wire, 40,008,000 pixels once decoded.
      const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      assert.ok(huge.length < LIMITS.maxImageBytes, 'within the byte limit: only the pixel count refuses it');
      const [listingsBefore, filesBefore] = [await countListings(), uploadedFiles().length];
      const res = await publish(dana, validPostFields(), [
        { filename: 'fine.png', contentType: 'image/png', data: await png(20, 20) },
        { filename: 'huge.png', contentType: 'image/png', data: huge },
      ]);
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json(), { statusCode: 400, messageKey: 'imageTooComplex', fields: { photos: 'imageTooComplex' } });
      assert.equal(await countListings(), listingsBefore);
      assert.equal(uploadedFiles().length, filesBefore, 'not even the photo that was fine');
    });
  });

  describe(`the upload time budget, on ${database.name}`, () => {
    let dana: string;
    // A budget no photo can meet.
    const suite = useServerOn(database, { WRITE_RATE_LIMIT: '1000', UPLOAD_TIME_BUDGET_MS: '1' }, async () => {
      dana = await signIn(suite.server.app, 'dana@example.com', 'Dana');
    });
    const { publish, countListings, uploadedFiles } = suiteTools(suite);
    const slowPhotos = async (): Promise<FilePart[]> => [
      { filename: 'camera.jpg', contentType: 'image/jpeg', data: await jpegWithGps(3000, 2000) },
      { filename: 'moving.gif', contentType: 'image/gif', data: await animatedGif(200, 200, 12) },
    ];

    it('answers a post past it with 503 uploadTimeout, and nothing is stored, not even once the work ends', async () => {
      const res = await publish(dana, validPostFields(), await slowPhotos());
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { statusCode: 503, messageKey: 'uploadTimeout' });
      await sharpIdle();
      assert.equal(await countListings(), 0);
      assert.deepEqual(uploadedFiles(), []);
    });

    it('leaves an edit past it unchanged', async () => {
      const created = await publish(dana, validPostFields({ jobTitle: 'Before the edit' }));
      assert.equal(created.statusCode, 201, 'no photos, no photo work to bound');
      const id = created.json().job_id as number;
      const res = await publish(dana, validPostFields({ jobTitle: 'Edited' }), await slowPhotos(), 'PUT', `/api/v1/jobs/${id}`);
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().messageKey, 'uploadTimeout');
      await sharpIdle();
      const listing = (await suite.server.app.inject(`/api/v1/jobs/${id}`)).json();
      assert.equal(listing.jobTitle, 'Before the edit');
      assert.deepEqual(listing.image_url, []);
      assert.deepEqual(uploadedFiles(), []);
    });
  });

  describe(`a photo's life, on ${database.name}`, () => {
    let dana: string;
    // With the demo listings, whose photos live in the same folder as uploads.
    const suite = useServerOn(database, { WRITE_RATE_LIMIT: '1000', DEMO_DATA: 'on' }, async () => {
      dana = await signIn(suite.server.app, 'dana@example.com', 'Dana');
    });
    const { publish, uploadedFiles, fileOf } = suiteTools(suite);
    const postWithPhoto = async () => {
      const res = await publish(dana, validPostFields(), [{ filename: 'a.png', contentType: 'image/png', data: await png() }]);
      assert.equal(res.statusCode, 201);
      return { id: res.json().job_id as number, url: (res.json().image_url as string[])[0] ?? '' };
    };
    const backdate = (file: string, ms: number) => {
      const at = new Date(Date.now() - ms);
      fs.utimesSync(file, at, at);
    };

    it('is cached for a day (ten minutes in a shared cache), and ends with its listing: 404 at once, file removed', async () => {
      const { id, url } = await postWithPhoto();
      const served = await suite.server.app.inject(url);
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['cache-control'], 'public, max-age=86400, s-maxage=600');

      assert.equal((await suite.server.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${id}`, headers: auth(dana) })).statusCode, 204);
      assert.equal((await suite.server.app.inject(url)).statusCode, 404);
      assert.equal(fs.existsSync(fileOf(url)), false);
      const [row] = await suite.handle.db.select({ images: listings.images }).from(listings).where(eq(listings.id, id));
      assert.deepEqual(row?.images, [], 'the deleted row links no photo');
    });

    it('sweeps files no listing shows once they are an hour old; listings’ photos (the demo’s too) and newer files stay', async () => {
      const demoPhotos = rowsOf<{ url: string }>(
        await suite.handle.db.execute(sql`select jsonb_array_elements_text(images) as url from listings where is_demo`),
      ).map((r) => r.url);
      assert.ok(demoPhotos.length > 0, 'the demo was seeded with photos');
      const shown = await postWithPhoto();
      // A row deleted before deletion removed photos, or whose removal failed: it shows nothing any more.
      const leftBehind = await postWithPhoto();
      await suite.handle.db.update(listings).set({ status: 'deleted' }).where(eq(listings.id, leftBehind.id));
      const orphan = path.join(suite.server.config.uploadDir, `${crypto.randomUUID()}.jpg`);
      const freshOrphan = path.join(suite.server.config.uploadDir, `${crypto.randomUUID()}.jpg`);
      const notAPhoto = path.join(suite.server.config.uploadDir, 'README.txt');
      for (const file of [orphan, freshOrphan, notAPhoto]) fs.writeFileSync(file, 'x');
      for (const file of uploadedFiles()) backdate(path.join(suite.server.config.uploadDir, file), 2 * HOUR);
      backdate(freshOrphan, HOUR - 60_000);

      const removed = await sweepOrphanPhotos(suite.handle.db, new LocalPhotoStorage(suite.server.config.uploadDir));
      assert.deepEqual(removed.sort(), [`/uploads/${path.basename(orphan)}`, leftBehind.url].sort());
      assert.equal(fs.existsSync(orphan), false);
      assert.equal(fs.existsSync(fileOf(leftBehind.url)), false);
      for (const kept of [freshOrphan, notAPhoto, fileOf(shown.url), ...demoPhotos.map(fileOf)])
        assert.ok(fs.existsSync(kept), `${path.basename(kept)} stays`);
      assert.equal((await suite.server.app.inject(shown.url)).statusCode, 200);
    });

    it('in object storage: lists the bucket’s top level page by page, removes old orphans only, and caches for a day', async () => {
      const { url: shownUrl } = await postWithPhoto();
      // Matched by name: the listing's URL is the local one, the object's name is the same.
      const shownName = path.basename(shownUrl);
      const orphanName = `${crypto.randomUUID()}.png`;
      const freshName = `${crypto.randomUUID()}.gif`;
      const old = new Date(Date.now() - 2 * HOUR).toISOString();
      const entry = (key: string, modified: string) =>
        `<Contents><Key>${key}</Key><LastModified>${modified}</LastModified><ETag>&quot;e&quot;</ETag><Size>1</Size></Contents>`;
      const token = 'page/2+next==';
      const pages = [
        `<IsTruncated>true</IsTruncated><NextContinuationToken>${token}</NextContinuationToken>${entry(shownName, old)}${entry(orphanName, old)}`,
        `<IsTruncated>false</IsTruncated>${entry(freshName, new Date().toISOString())}${entry('robots &amp; notes.txt', old)}<CommonPrefixes><Prefix>releases/</Prefix></CommonPrefixes>`,
      ];
      const received: { method: string; url: URL; headers: http.IncomingHttpHeaders }[] = [];
      const bucket = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://bucket');
        received.push({ method: req.method ?? '', url, headers: req.headers });
        req.resume();
        if (req.method === 'GET') {
          const page = url.searchParams.get('continuation-token') === token ? 1 : 0;
          res.setHeader('content-type', 'application/xml');
          res.end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>tasko-photos</Name>${pages[page]}</ListBucketResult>`,
          );
        } else {
          res.statusCode = req.method === 'DELETE' ? 204 : 200;
          res.end();
        }
      });
      await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = bucket.address() as AddressInfo;
        const storage = new S3PhotoStorage({
          endpoint: `http://127.0.0.1:${port}`,
          bucket: 'tasko-photos',
          region: 'il-central-1',
          accessKeyId: 'AKIDTEST',
          secretAccessKey: 'secret-test-key',
          publicUrl: 'https://photos.tasko.test',
        });

        const removed = await sweepOrphanPhotos(suite.handle.db, storage);
        assert.deepEqual(removed, [`https://photos.tasko.test/${orphanName}`]);
        const lists = received.filter((r) => r.method === 'GET');
        assert.deepEqual(
          lists.map((r) => [
            r.url.pathname,
            r.url.searchParams.get('list-type'),
            r.url.searchParams.get('delimiter'),
            r.url.searchParams.get('continuation-token'),
          ]),
          [
            ['/tasko-photos/', '2', '/', null],
            ['/tasko-photos/', '2', '/', token],
          ],
        );
        assert.match(String(lists[1]?.headers.authorization), /^AWS4-HMAC-SHA256 Credential=AKIDTEST\//);
        assert.deepEqual(
          received.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname),
          [`/tasko-photos/${orphanName}`],
        );

        received.length = 0;
        await storage.put(`${crypto.randomUUID()}.jpg`, Buffer.from('x'), 'image/jpeg');
        assert.equal(received[0]?.headers['cache-control'], 'public, max-age=86400, s-maxage=600');
      } finally {
        await new Promise((resolve) => bucket.close(resolve));
      }
    });
  });
}
