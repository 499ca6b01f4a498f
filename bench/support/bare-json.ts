/** The lists' baseline: a bare Bun.serve answering the JSON given on stdin from memory; prints its port. */
const body = await Bun.stdin.text();
const server = Bun.serve({ port: 0, fetch: () => new Response(body, { headers: { "content-type": "application/json" } }) });
console.log(server.port);

export {};
