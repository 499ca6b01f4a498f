/**
 * The track JSON walk's baseline: a bare Bun.serve answering each path with the compressed bytes Stemma sent for
 * it, from memory. Reads `<folder>/walk.json` ({ encoding, contentType, paths }) and `<folder>/<n>.body` (the
 * bytes of the n-th path); prints its port.
 */
import { join } from "node:path";

const folder = process.argv[2] as string;
const { encoding, contentType, paths } = (await Bun.file(join(folder, "walk.json")).json()) as {
  encoding: string;
  contentType: string;
  paths: string[];
};
const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
for (const [n, path] of paths.entries()) bodies.set(path, await Bun.file(join(folder, `${n}.body`)).bytes());
const headers = { "content-type": contentType, "content-encoding": encoding, vary: "accept-encoding" };
const server = Bun.serve({
  port: 0,
  fetch(request) {
    const body = bodies.get(new URL(request.url).pathname);
    return body ? new Response(body, { headers }) : new Response("not found", { status: 404 });
  },
});
console.log(server.port);
