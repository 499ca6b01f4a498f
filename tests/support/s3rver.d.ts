/** The part of s3rver (a test-only S3-compatible server) that tests/support/s3-server.ts uses. */
declare module "s3rver" {
  interface S3Event {
    Records: Array<{ eventName: string; s3: { object: { key: string } } }>;
  }
  /** The part of a Koa context (s3rver is a Koa app) that a middleware in front of s3rver's own uses. */
  export interface S3rverContext {
    status: number;
    body: unknown;
    length: number;
    /** A request header. */
    get(name: string): string;
    set(name: string, value: string): void;
    response: { get(name: string): string };
  }
  interface S3Object {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }
  /** Its filesystem store, whose object writes s3-server.ts replaces. */
  interface FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: "object"): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: S3Object): Promise<{ size: number; md5: string }>;
  }
  export default class S3rver {
    /** Koa's middleware stack, s3rver's own routes last. */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void>>;
    store: FilesystemStore;
    constructor(options: {
      address?: string;
      port?: number;
      directory: string;
      silent?: boolean;
      configureBuckets?: Array<{ name: string; configs?: string[] }>;
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: "event", listener: (event: S3Event) => void): this;
  }
}
