import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { adminModule } from "../../modules/admin";
import { authModule } from "../../modules/auth";
import { conversionsModule } from "../../modules/conversions";
import { healthModule } from "../../modules/health";
import { licensesModule } from "../../modules/licenses";
import { listsModule } from "../../modules/lists";
import { mediaModule } from "../../modules/media";
import { notificationsModule } from "../../modules/notifications";
import { playsModule } from "../../modules/plays";
import { storageModule } from "../../modules/storage";
import { tracksModule } from "../../modules/tracks";
import { uploadsModule } from "../../modules/uploads";
import { bodyLimit, type MountedRoute } from "./body-limit";
import { errorHandler } from "./http";
import { jsonCompression } from "./json-compression";

/** Every /api module, mounted once. The OpenAPI document is generated from the route schemas. */
export const api = new Elysia({ prefix: "/api" })
  .use(errorHandler)
  .use(jsonCompression)
  // Routes whose options spread `streamedBody` (uploads) are exempt from the 1 MB body limit.
  .use(bodyLimit((): readonly MountedRoute[] => api.routes))
  // Media URLs may carry ?token=: never let them leak through the Referer header, errors included.
  .onRequest(({ set }) => {
    set.headers["referrer-policy"] = "no-referrer";
  })
  .use(
    openapi({
      path: "/openapi",
      specPath: "/openapi.json",
      documentation: { info: { title: "Stemma API", version: "0.1.0" } },
    }),
  )
  .use(healthModule)
  .use(authModule)
  .use(adminModule)
  .use(licensesModule)
  .use(notificationsModule)
  .use(storageModule)
  .use(uploadsModule)
  .use(tracksModule)
  .use(listsModule)
  .use(mediaModule)
  .use(conversionsModule)
  .use(playsModule);
