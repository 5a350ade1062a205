import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3LibStorage from '@aws-sdk/lib-storage';
import { lazyRequire } from '../lazy/lazy-require';
import { type FileStorage, assertStorageKey } from './file-storage';

// Issue 17 item 6: the SDK (about 0.5 s to load) is loaded when S3 storage is configured, not by every start.
const loadS3 = lazyRequire<typeof S3Sdk>('@aws-sdk/client-s3');
const loadLibStorage = lazyRequire<typeof S3LibStorage>('@aws-sdk/lib-storage');

export interface S3StorageSettings {
  bucket: string;
  /** Unset for AWS S3; the service's URL for MinIO, Garage, R2 (https://<account>.r2.cloudflarestorage.com). */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (AWS_* environment, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** http://endpoint/bucket/key instead of http://bucket.endpoint/key: MinIO and Garage want it. */
  forcePathStyle: boolean;
}

/**
 * lib-storage's multipart parts: 5 MiB is S3's smallest part, and two parts in flight bound the memory
 * one upload holds (about 10 MiB) whatever the file's size. A file smaller than one part is sent as a
 * single PutObject once its end is read, so a refused upload of that size never reaches the bucket.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Issue 12 item 2: files in an S3-compatible bucket, so every process behind a load balancer sees
 * every upload (decision 0024). Streams both ways: put through lib-storage's Upload (multipart for
 * large files, aborted on failure), open as GetObject's body stream.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3StorageSettings) {
    this.bucket = settings.bucket;
    this.client = new (loadS3().S3Client)({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where an operation requires them: the SDK's newer default (CRC32 trailers in
      // aws-chunked bodies) is refused by several S3-compatible servers (older MinIO, Garage, R2).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Readable | Buffer, options: { contentType?: string } = {}): Promise<{ size: number }> {
    assertStorageKey(key);
    let size = 0;
    // The source's own error (e.g. an upload over its limit) is the one the caller must see, not the
    // SDK's wrapping of it.
    let sourceError: unknown = null;
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    const counted = Readable.from(
      (async function* count() {
        try {
          for await (const chunk of source as AsyncIterable<Buffer>) {
            size += chunk.length;
            yield chunk;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      })(),
      { objectMode: false },
    );
    const upload = new (loadLibStorage().Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ...(options.contentType ? { ContentType: options.contentType } : {}) },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      counted.destroy();
      // A multipart upload is aborted by lib-storage; a single PutObject may have landed before a
      // later failure: make sure nothing is left under the key.
      await this.delete(key).catch(() => undefined);
      throw sourceError ?? error;
    }
    return { size };
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new (loadS3().GetObjectCommand)({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 GetObject answered no stream');
      return { stream: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new (loadS3().DeleteObjectCommand)({ Bucket: this.bucket, Key: key }));
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
