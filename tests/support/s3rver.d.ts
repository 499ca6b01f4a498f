/** The part of s3rver (a test-only S3-compatible server) that tests/support/s3-server.ts uses. */
declare module "s3rver" {
  interface S3Event {
    Records: Array<{ eventName: string; s3: { object: { key: string } } }>;
  }
  export default class S3rver {
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
