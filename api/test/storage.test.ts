import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { jpegWithGps, png } from './images.js';
import { multipartBody, validPostFields } from './multipart.js';
import { freshClientAddress, signIn, startTestServer, type TestServer } from './testServer.js';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('photos in S3-compatible object storage', () => {
  let handle: DatabaseHandle;
  let server: TestServer;
  let objectStore: http.Server;
  const received: Received[] = [];
  let failuresLeft = 0;

  before(async () => {
    // A stand-in for S3 on loopback: it records what it is sent and answers like S3 does.
    objectStore = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = failuresLeft > 0 ? 500 : req.method === 'DELETE' ? 204 : 200;
        failuresLeft = Math.max(0, failuresLeft - 1);
        res.end();
      });
    });
    await new Promise<void>((resolve) => objectStore.listen(0, '127.0.0.1', resolve));
    const { port } = objectStore.address() as AddressInfo;
    handle = await openDatabase({ pgliteDir: 'memory' });
    server = await startTestServer(handle, {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'tasko-photos',
      S3_REGION: 'il-central-1',
      S3_ACCESS_KEY_ID: 'AKIDTEST',
      S3_SECRET_ACCESS_KEY: 'secret-test-key',
      S3_PUBLIC_URL: 'https://photos.tasko.test',
    });
  });
  after(async () => {
    await server.close();
    await handle.close();
    await new Promise((resolve) => objectStore.close(resolve));
  });

  it('stores re-encoded photos with signed requests and links them from the public URL', async () => {
    const token = await signIn(server.app, 'dana@example.com');
    const body = multipartBody(validPostFields(), [
      { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegWithGps(800, 600) },
      { filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      remoteAddress: freshClientAddress(),
    });
    assert.equal(res.statusCode, 201);
    const urls: string[] = res.json().image_url;
    assert.equal(urls.length, 2);
    for (const url of urls) assert.match(url, /^https:\/\/photos\.tasko\.test\/[0-9a-f-]{36}\.(jpg|png)$/);

    const puts = received.filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 2);
    assert.match(puts[0]?.url ?? '', /^\/tasko-photos\/[0-9a-f-]{36}\.jpg$/);
    assert.match(
      String(puts[0]?.headers.authorization),
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/il-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
    assert.ok(puts[0]?.headers['x-amz-date']);
    assert.equal(puts[0]?.headers['content-type'], 'image/jpeg');
    assert.equal(puts[0]?.body.subarray(0, 2).toString('hex'), 'ffd8', 'a JPEG');
    assert.equal(puts[0]?.body.includes(Buffer.from('GPS')), false);

    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /img-src[^;]*https:\/\/photos\.tasko\.test/);

    received.length = 0;
    const edit = multipartBody(validPostFields({ keepImages: JSON.stringify([urls[0]]) }));
    const edited = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/${res.json().job_id}`,
      payload: edit.payload,
      headers: { ...edit.headers, authorization: `Bearer ${token}` },
      remoteAddress: freshClientAddress(),
    });
    assert.equal(edited.statusCode, 200);
    assert.deepEqual(
      received.map((r) => [r.method, r.url]),
      [['DELETE', `/tasko-photos/${urls[1]?.split('/').at(-1)}`]],
    );
  });

  it('writes no listing when the storage fails, and says so without details', async () => {
    const token = await signIn(server.app, 'omar@example.com');
    const before = (await server.app.inject('/api/v1/jobs?pageSize=50')).json().total;
    failuresLeft = 10; // more than the client retries
    const body = multipartBody(validPostFields({ jobTitle: 'Never stored' }), [
      { filename: 'a.png', contentType: 'image/png', data: await png() },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      remoteAddress: freshClientAddress(),
    });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { statusCode: 500, messageKey: 'serverError' });
    assert.equal((await server.app.inject('/api/v1/jobs?pageSize=50')).json().total, before);
  });
});
