import { clusterOf, type TestServer } from "./server";

/**
 * A media request as a browser makes it, on either target of the API suite. Stemma serves the bytes itself
 * (one server, or a cluster with MEDIA_DELIVERY=proxy), or, on a cluster with media in the bucket and
 * MEDIA_DELIVERY=redirect (its default), checks access and answers 302 to a presigned URL, which the browser
 * then fetches with the same Range and conditional headers but without Authorization (a cross-origin
 * redirect drops it, as the Fetch standard says).
 */
export interface MediaAnswer {
  /** Stemma's own answer: its status is the access decision, its headers Stemma's policy. */
  stemma: Response;
  /** The answer that carried the bytes: Stemma's, or the bucket's at the end of the redirect. */
  served: Response;
  /** The body of `served`. */
  body: Uint8Array;
}

/** Whether `server` answers an allowed media request with a redirect to its bucket. */
function redirectsMedia(server: TestServer): boolean {
  const cluster = clusterOf(server);
  return cluster !== null && cluster.env.MEDIA_DELIVERY !== "proxy";
}

/** The status Stemma itself gives an allowed media request that it answers with `status` when it serves the bytes. */
export const grantedStatus = (server: TestServer, status: number) => (redirectsMedia(server) ? 302 : status);

/** GET (or `init.method`) of `path` (a path on the server, such as a presigned URL) as a browser does it. */
export async function fetchMedia(server: TestServer, path: string, init: RequestInit = {}): Promise<MediaAnswer> {
  const stemma = await fetch(new URL(path, server.url), { ...init, redirect: "manual" });
  const location = stemma.headers.get("location");
  const bucket = clusterOf(server)?.s3.endpoint;
  if (stemma.status !== 302 || !location) return { stemma, served: stemma, body: await stemma.bytes() };
  // Only the bucket is a place media may be sent to; anything else is a failure of the test, not a hop to follow.
  if (!bucket || new URL(location).origin !== bucket) throw new Error(`media redirected outside the bucket: ${location}`);
  await stemma.body?.cancel();
  const headers = new Headers(init.headers);
  headers.delete("authorization");
  const served = await fetch(location, { method: init.method, headers });
  return { stemma, served, body: await served.bytes() };
}
