/**
 * Media routes answer files, not JSON: their OpenAPI entries name the content types (200 whole, 206 a
 * Range) instead of a TypeBox schema. Errors are the usual JSON `{ message }`.
 */
export function mediaResponses(contentTypes: string[]) {
  const file = { schema: { type: "string" as const, format: "binary" } };
  const content = Object.fromEntries(contentTypes.map((type) => [type, file]));
  return {
    200: { description: "The whole file", content },
    206: { description: "The requested byte range", content },
    304: { description: "Not modified (If-None-Match matched the ETag)" },
    404: { description: "No such file, or a track the caller may not see" },
    416: { description: "The range lies outside the file" },
  };
}

/** mediaResponses of a route that also sends its file as a download (`?attachment`), which wants a signed-in user. */
export function downloadResponses(contentTypes: string[]) {
  return {
    ...mediaResponses(contentTypes),
    401: { description: "A download (`?attachment`) needs a session token or a media token" },
  };
}

export const AUDIO_TYPES = ["audio/mpeg", "audio/wav", "audio/flac", "audio/x-xm", "audio/x-it", "audio/x-s3m", "audio/x-mod"];
