import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { FakeServer } from './fake-server';

/** s3rver's own account: it checks every request's signature against it, as S3 checks real keys. */
export const FAKE_S3_ACCESS_KEY_ID = 'S3RVER';
export const FAKE_S3_SECRET_ACCESS_KEY = 'S3RVER';

export interface FakeS3Options {
  /** The bucket made at start (default 'guildhall-test'). */
  bucket?: string;
  port?: number;
}

export interface FakeS3 extends FakeServer {
  bucket: string;
  /** The S3_* settings that point Guildhall at this server (path-style, as MinIO and Garage). */
  env: Record<string, string>;
  /** Every object key in the bucket, sorted, read from the server's own files. */
  keys(): Promise<string[]>;
  /** Multipart uploads started and neither completed nor aborted. */
  pendingMultipartUploads(): Promise<number>;
  /** The bytes of the parts those uploads have received so far. */
  pendingPartBytes(): Promise<number>;
}

const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_DIR = '._S3rver_uploads';

/**
 * Issue 12 item 2: a local S3-compatible server (the s3rver package: a real HTTP server that checks
 * signatures and speaks S3's XML, multipart uploads included) in a temporary folder. Guildhall's S3
 * driver reaches it through the AWS SDK's normal HTTP path, only the endpoint differs.
 */
export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'guildhall-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-fake-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver answers AbortMultipartUpload (DELETE ?uploadId=) with 405; S3, MinIO, Garage and R2 drop
  // the parts. The fake does the same, just ahead of s3rver's router.
  server.middleware.splice(server.middleware.length - 1, 0, async (ctx, next) => {
    const bucketOf = /^\/([^/]+)\/./.exec(ctx.path)?.[1];
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || !bucketOf || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId)) return next();
    await fs.promises.rm(path.join(directory, bucketOf, UPLOADS_DIR, uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const bucketDir = path.join(directory, bucket);
  return {
    url,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: url,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: FAKE_S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: FAKE_S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const files = await fs.promises.readdir(bucketDir, { recursive: true });
      return files
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
        .sort();
    },
    async pendingMultipartUploads() {
      const uploads = path.join(bucketDir, UPLOADS_DIR);
      return fs.existsSync(uploads) ? (await fs.promises.readdir(uploads)).length : 0;
    },
    async pendingPartBytes() {
      const uploads = path.join(bucketDir, UPLOADS_DIR);
      if (!fs.existsSync(uploads)) return 0;
      const files = await fs.promises.readdir(uploads, { recursive: true, withFileTypes: true });
      const sizes = await Promise.all(
        files.filter((f) => f.isFile()).map(async (f) => (await fs.promises.stat(path.join(f.parentPath, f.name))).size),
      );
      return sizes.reduce((a, b) => a + b, 0);
    },
    async close() {
      await server.close();
      await fs.promises.rm(directory, { recursive: true, force: true });
    },
  };
}
