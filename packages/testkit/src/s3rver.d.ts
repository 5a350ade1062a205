// s3rver ships no types; the little of it the fake uses (fake-s3.ts).
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
    /** Koa's middleware list (S3rver is a Koa app). */
    middleware: Array<
      (
        ctx: { method: string; path: string; query: Record<string, string | string[] | undefined>; status: number },
        next: () => Promise<void>,
      ) => Promise<void>
    >;
  }
}
