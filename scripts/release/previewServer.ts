// The release tool's own site for the smoke check (docs/releases.md, "The smoke check"): the same server
// code, on loopback, with an in-memory database holding the demo listings, reading the same release store,
// and serving the release being checked as though it were live. It never opens the running site's database
// and never writes the release manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ReleaseArea } from '@tasko/shared/domain';
import { loadConfig, type AppConfig } from '../../api/src/config.js';
import { buildServer } from '../../api/src/server.js';
import { loadArticles } from '../../api/src/plugins/site/pageSubjects.js';

export interface PreviewSite {
  origin: string;
  /** What pages with an id open: a demo listing, its poster, an article. */
  sample: { listingId: number; userId: number; blogSlug: string };
  stop(): Promise<void>;
}

export async function startPreviewSite(config: AppConfig, preview: { area: ReleaseArea; id: string }): Promise<PreviewSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-release-check-'));
  // The running site's own address, proxy and Google settings are not this server's: it signs in through the
  // local provider on loopback.
  const {
    CANONICAL_ORIGIN: _canonical,
    PUBLIC_ORIGIN: _public,
    GOOGLE_CLIENT_ID: _google,
    TRUST_PROXY: _proxy,
    DEV_IDP: _devIdp,
    ...siteEnv
  } = process.env;
  const previewConfig = loadConfig({
    ...siteEnv,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: '',
    PGLITE_DIR: 'memory',
    DEMO_DATA: 'on',
    DATA_DIR: dataDir,
    RELEASES_DIR: config.releasesDir,
    REDIS_URL: '',
    SMTP_URL: '',
    RELEASE_STATS_FLUSH_MS: '0',
    // One browser signs in and opens every page: the per-client limits are the real site's business.
    SIGN_IN_RATE_LIMIT: '1000',
    WRITE_RATE_LIMIT: '1000',
  });
  const app = await buildServer(previewConfig, { releasePreview: preview });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const search = await app.inject('/api/v1/jobs?pageSize=1');
    const listingId = search.json<{ jobs?: { job_id: number }[] }>().jobs?.[0]?.job_id;
    if (!listingId) throw new Error('the preview site has no demo listing to open /job/:id with');
    const listing = (await app.inject(`/api/v1/jobs/${listingId}`)).json<{ publisher_id: number }>();
    const blogSlug = loadArticles().en[0]?.id ?? '';
    return {
      origin,
      sample: { listingId, userId: listing.publisher_id, blogSlug },
      async stop() {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
