import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One object as the stand-in holds it. */
export interface StandinObject {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string | undefined;
  modifiedAt: Date;
}

export interface BucketStandin {
  /** Where to send requests: `${origin}/${bucket}/key` (path-style, as api/src/s3Bucket.ts addresses a bucket). */
  origin: string;
  /** Key → object: tests read and seed it directly. */
  objects: Map<string, StandinObject>;
  close(): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * A stand-in for one S3 bucket on loopback, for the API's tests and `npm run test:cluster`: PUT, GET, HEAD,
 * DELETE, ListObjectsV2 (list-type=2, with prefix and delimiter) and conditional writes (If-Match,
 * If-None-Match: *), which the release manifest's compare-and-swap relies on (docs/releases.md#the-release-manifest). Requests are
 * not checked for a signature.
 */
export async function startBucketStandin(options: { bucket: string; host?: '127.0.0.1' }): Promise<BucketStandin> {
  const { bucket } = options;
  const objects = new Map<string, StandinObject>();
  const bucketPath = new RegExp(`^/${bucket.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bucket');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!bucketPath.test(url.pathname)) {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'application/xml');
        res.end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      const key = decodeURIComponent(url.pathname.replace(bucketPath, ''));
      const object = objects.get(key);
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const delimiter = url.searchParams.get('delimiter') ?? '';
        const contents: string[] = [];
        const commonPrefixes = new Set<string>();
        for (const [k, o] of [...objects].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
          if (!k.startsWith(prefix)) continue;
          const cut = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
          if (cut >= 0) commonPrefixes.add(k.slice(0, cut + delimiter.length));
          else
            contents.push(
              `<Contents><Key>${escapeXml(k)}</Key><LastModified>${o.modifiedAt.toISOString()}</LastModified><ETag>${escapeXml(o.etag)}</ETag><Size>${o.body.length}</Size></Contents>`,
            );
        }
        res.setHeader('Content-Type', 'application/xml');
        res.end(
          `<ListBucketResult><Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${contents.length + commonPrefixes.size}</KeyCount><IsTruncated>false</IsTruncated>${contents.join('')}${[...commonPrefixes].map((p) => `<CommonPrefixes><Prefix>${escapeXml(p)}</Prefix></CommonPrefixes>`).join('')}</ListBucketResult>`,
        );
        return;
      }
      if (req.method === 'PUT') {
        // Conditional writes as S3 answers them: 412 when If-Match or If-None-Match: * does not hold.
        const ifMatch = req.headers['if-match'];
        if ((ifMatch && ifMatch !== object?.etag) || (req.headers['if-none-match'] === '*' && object)) {
          res.statusCode = 412;
          res.end('PreconditionFailed');
          return;
        }
        const body = Buffer.concat(chunks);
        // Salted, so that rewriting the same bytes still changes the tag: a writer holding the old tag must lose.
        const etag = `"${crypto.createHash('md5').update(body).update(String(Math.random())).digest('hex')}"`;
        const cacheControl = req.headers['cache-control'];
        objects.set(key, { body, type: String(req.headers['content-type']), etag, cacheControl, modifiedAt: new Date() });
        res.setHeader('ETag', etag);
        res.end();
        return;
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.statusCode = 204;
        res.end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.statusCode = 405;
        res.end('MethodNotAllowed');
        return;
      }
      res.statusCode = object ? 200 : 404;
      res.setHeader('Content-Type', object?.type ?? 'text/plain');
      if (object) {
        res.setHeader('ETag', object.etag);
        res.setHeader('Last-Modified', object.modifiedAt.toUTCString());
        if (object.cacheControl) res.setHeader('Cache-Control', object.cacheControl);
      }
      const body = object?.body ?? Buffer.from('NoSuchKey');
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () =>
      new Promise((resolve) => {
        // A connection still busy (a client that stopped mid-request) would otherwise hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
