import type { S3Client } from '@aws-sdk/client-s3';
import type { ImageType } from './imageType';
import { isObjectKey, newObjectKey, OBJECT_CACHE_CONTROL, UPLOAD_TTL_SECONDS, type ImageStore } from './types';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
}

/** Objects of this product share the bucket under one prefix. */
const PREFIX = 'trainer-photos/';
const PLACEHOLDER = '0'.repeat(32);

/**
 * The AWS SDK and a client for these settings, loaded at the first call: most installations store
 * photos locally or in PostgreSQL, and the SDK costs a server about 35 MiB resident once loaded.
 */
async function connect(settings: S3Settings) {
  const [s3, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const client: S3Client = new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint || undefined,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: settings.accessKeyId
      ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
      : undefined,
    // Checksum parameters in a presigned URL would bind it to one body the browser can't know.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { s3, client, getSignedUrl: presigner.getSignedUrl };
}

/**
 * S3-compatible driver (README.md, S3_*): the browser PUTs to a presigned URL, photos are served
 * from S3_PUBLIC_URL (or the bucket's own URL). A custom endpoint (MinIO, R2, s3rver) is addressed
 * path-style.
 */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  private readonly publicBase: string;
  private uploadBase?: Promise<string>;
  private connection?: ReturnType<typeof connect>;

  constructor(private readonly settings: S3Settings) {
    this.publicBase =
      settings.publicUrl ||
      (settings.endpoint
        ? `${settings.endpoint}/${settings.bucket}`
        : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`);
  }

  async createUploadTarget() {
    const key = newObjectKey();
    return { key, uploadURL: await this.presignPut(key, UPLOAD_TTL_SECONDS) };
  }

  async keyFromURL(url: URL) {
    // The bare URL of a presigned PUT for some key, without its query, is the object's URL.
    this.uploadBase ??= this.presignPut(PLACEHOLDER, 60).then((signed) => {
      const { origin, pathname } = new URL(signed);
      return `${origin}${pathname.slice(0, -PLACEHOLDER.length)}`;
    });
    const bare = `${url.origin}${url.pathname}`;
    for (const base of [await this.uploadBase, `${this.publicBase}/${PREFIX}`]) {
      const key = bare.startsWith(base) ? bare.slice(base.length) : '';
      if (isObjectKey(key)) return key;
    }
    return null;
  }

  keyFromPublicPath(value: string) {
    const base = `${this.publicBase}/${PREFIX}`;
    const key = value.startsWith(base) ? value.slice(base.length) : '';
    return isObjectKey(key) ? key : null;
  }

  publicPath(key: string) {
    return `${this.publicBase}/${PREFIX}${key}`;
  }

  private sdk() {
    return (this.connection ??= connect(this.settings));
  }

  async readHead(key: string) {
    const { s3, client } = await this.sdk();
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async readFirstBytes(key: string, count: number) {
    const { s3, client } = await this.sdk();
    const object = await client.send(
      new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + key, Range: `bytes=0-${count - 1}` }),
    );
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    return bytes.subarray(0, count);
  }

  async readObject(key: string) {
    const { s3, client } = await this.sdk();
    try {
      const object = await client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + key }));
      return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  /** The server's own object (the re-encoded photo): its type and long caching are set here, not by an uploader. */
  async writeObject(key: string, bytes: Uint8Array, type: ImageType) {
    const { s3, client } = await this.sdk();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: PREFIX + key,
        Body: bytes,
        ContentType: type,
        CacheControl: OBJECT_CACHE_CONTROL,
        ContentDisposition: 'inline',
      }),
    );
  }

  async delete(key: string) {
    const { s3, client } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + key }));
  }

  async *listObjects() {
    const { s3, client } = await this.sdk();
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: PREFIX, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(PREFIX.length);
        if (isObjectKey(key) && object.LastModified) yield { key, writtenAt: object.LastModified };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  private async presignPut(key: string, expiresIn: number) {
    const { s3, client, getSignedUrl } = await this.sdk();
    return getSignedUrl(client, new s3.PutObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + key }), {
      expiresIn,
    });
  }
}
