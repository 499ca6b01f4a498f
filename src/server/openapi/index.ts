import { join } from "node:path";
import { openapi } from "@elysiajs/openapi";
import { Elysia, t } from "elysia";
import { notFound } from "../errors";
import { staticFiles } from "../http/static-files";
import { ROOT } from "../paths";
import { type OpenApiDocument, publishedDocument } from "./document";

const SPEC_PATH = "/openapi.json";
const SWAGGER_UI = join(ROOT, "node_modules", "swagger-ui-dist");
/** The files of Swagger UI the page loads, served from the installed package: the reference works offline. */
const ASSETS = new Set(["swagger-ui-bundle.js", "swagger-ui.css"]);
const assets = staticFiles();
const published = new WeakMap<OpenApiDocument, OpenApiDocument>();

/**
 * The API's OpenAPI document at /api/openapi.json (the generated one, completed by document.ts) and a reference
 * to browse and try it at /api/docs (Swagger UI: its Authorize button takes a session token). Both are open to
 * everyone: the document says what each route needs, and holds nothing private.
 */
export const apiDocument = new Elysia({ name: "api-document" })
  // Before the JSON compression's mapResponse: the document leaves compressed like every other answer.
  .onAfterHandle(({ path, responseValue }) => {
    if (path !== `/api${SPEC_PATH}`) return;
    // The plugin answers the same object until the routes change: it is completed once.
    const generated = responseValue as OpenApiDocument;
    const kept = published.get(generated);
    if (kept) return kept;
    const document = publishedDocument(generated);
    published.set(generated, document);
    return document;
  })
  .use(
    openapi({
      path: "/docs",
      specPath: SPEC_PATH,
      provider: "swagger-ui",
      documentation: {
        info: {
          title: "Stemma API",
          version: "0.1.0",
          description:
            "Upload tracks with stems, share, fork, play and download them. Errors answer `{ message }`. " +
            "Sign up or sign in for a token, then send it as `Authorization: Bearer <token>` (Authorize).",
        },
      },
      swagger: {
        cdn: "/api/docs/swagger-ui-bundle.js",
        theme: "/api/docs/swagger-ui.css",
        persistAuthorization: true,
        autoDarkMode: false,
      },
      // Only /api is documented (the pages are not an API); media paths end in .mp3/.wav/.flac, which the
      // plugin would otherwise skip as static files. OPTIONS is documented too: the one OPTIONS route is tus's
      // discovery of what /api/uploads speaks, a route of its own.
      exclude: { staticFile: false, paths: [/^(?!\/api\/)/], methods: [] },
    }),
  )
  .get(
    "/docs/:file",
    ({ params, request }) => {
      if (!ASSETS.has(params.file)) throw notFound();
      return assets.serve(request, join(SWAGGER_UI, params.file), "public, max-age=3600");
    },
    { params: t.Object({ file: t.String() }), detail: { hide: true } },
  );
