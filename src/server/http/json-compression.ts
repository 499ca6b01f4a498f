import { Elysia } from "elysia";
import { acceptedEncoding, compress, MIN_COMPRESSED_BYTES } from "./compression";

const encoder = new TextEncoder();

/**
 * `value` as a JSON answer, compressed when the client accepts it and it is large enough to gain: lists and tracks
 * shrink to a fraction. Made per request, so the fast setting.
 */
export function jsonResponse(value: unknown, request: Request, status = 200): Response {
  return jsonTextResponse(JSON.stringify(value), request, status);
}

/** jsonResponse for a value already written as JSON text (the lists' pages). */
export function jsonTextResponse(json: string, request: Request, status = 200): Response {
  const body = encoder.encode(json);
  const encoding = body.length >= MIN_COMPRESSED_BYTES ? acceptedEncoding(request.headers.get("accept-encoding")) : null;
  const headers: Record<string, string> = { "content-type": "application/json", vary: "accept-encoding" };
  if (!encoding) return new Response(body, { status, headers });
  headers["content-encoding"] = encoding;
  return new Response(compress(body, encoding), { status, headers });
}

/** API answers that are JSON values (not Responses: media, files) go out as `jsonResponse` makes them. */
export const jsonCompression = new Elysia({ name: "json-compression" }).mapResponse(
  { as: "global" },
  ({ responseValue, request, set }) => {
    if (responseValue === null || typeof responseValue !== "object" || responseValue instanceof Response) return;
    if (responseValue instanceof Blob || responseValue instanceof ReadableStream) return;
    return jsonResponse(responseValue, request, typeof set.status === "number" ? set.status : 200);
  },
);
