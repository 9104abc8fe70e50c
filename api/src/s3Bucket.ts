import type { AwsClient } from 'aws4fetch';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO / R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the objects (a CDN in front of the bucket); default: the bucket's own URL. */
  publicUrl?: string;
}

/**
 * One S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …): path-style URLs, requests signed with AWS
 * Signature V4. Photos and remote releases share it under their own key prefixes.
 */
export class S3Bucket {
  /** Where the API sends its signed requests: endpoint/bucket/. */
  readonly base: string;
  /** Where browsers read the objects. */
  readonly publicBase: string;
  private client: Promise<AwsClient> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/`;
    this.publicBase = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, '')}/` : this.base;
  }

  /** A signed request for the object at `key` (already URL-encoded where it needs to be). */
  async fetch(key: string, init: RequestInit = {}): Promise<Response> {
    this.client ??= import('aws4fetch').then(
      ({ AwsClient }) =>
        new AwsClient({
          accessKeyId: this.settings.accessKeyId,
          secretAccessKey: this.settings.secretAccessKey,
          region: this.settings.region,
          service: 's3',
          // A couple of quick retries for a flaky moment; someone is waiting on this request.
          retries: 2,
          initRetryMs: 50,
        }),
    );
    return (await this.client).fetch(this.base + key, init);
  }
}
