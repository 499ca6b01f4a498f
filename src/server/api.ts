import { Elysia } from "elysia";
import { adminModule } from "../../modules/admin";
import { albumsModule } from "../../modules/albums";
import { authModule } from "../../modules/auth";
import { backupsModule } from "../../modules/backups";
import { commentsModule } from "../../modules/comments";
import { conversionsModule } from "../../modules/conversions";
import { embedsModule } from "../../modules/embeds";
import { eventsModule } from "../../modules/events";
import { exportsModule } from "../../modules/exports";
import { followsModule } from "../../modules/follows";
import { forksModule } from "../../modules/forks";
import { healthModule } from "../../modules/health";
import { licensesModule } from "../../modules/licenses";
import { likesModule } from "../../modules/likes";
import { artistListsModule, cachedLists, listsModule } from "../../modules/lists";
import { mediaModule } from "../../modules/media";
import { notificationsModule } from "../../modules/notifications";
import { playsModule } from "../../modules/plays";
import { profilesModule } from "../../modules/profiles";
import { resumableUploadsModule } from "../../modules/resumable-uploads";
import { searchModule } from "../../modules/search";
import { storageModule } from "../../modules/storage";
import { studioModule } from "../../modules/studio";
import { tracksModule } from "../../modules/tracks";
import { uploadsModule } from "../../modules/uploads";
import { bodyLimit, type MountedRoute } from "./http/body-limit";
import { errorHandler } from "./http/error-handler";
import { jsonCompression } from "./http/json-compression";
import { pathAndQuery } from "./http/request-url";
import { log } from "./logger";
import { apiDocument } from "./openapi";

/** Every /api module, mounted once. The OpenAPI document is generated from the route schemas. */
export const api = new Elysia({ prefix: "/api" })
  .use(errorHandler)
  // Kept list answers leave before every other hook (modules/lists/answers.ts).
  .use(cachedLists)
  .use(jsonCompression)
  // Routes whose options spread `streamedBody` (uploads) are exempt from the 1 MB body limit.
  .use(bodyLimit((): readonly MountedRoute[] => api.routes))
  // Media URLs may carry a media token: never let it leak through the Referer header, errors included.
  // Elysia runs request hooks for every path, pages too: they leave here untouched (no headers to merge).
  .onRequest(({ set, request }) => {
    const { path, query } = pathAndQuery(request.url);
    if (!path.startsWith("/api/") && path !== "/api") return;
    set.headers["referrer-policy"] = "no-referrer";
    // At LOG_LEVEL=debug every API request is logged; the logger masks tokens in URLs and headers.
    log.debug("request", { method: request.method, url: path + query });
  })
  .use(apiDocument)
  .use(healthModule)
  .use(authModule)
  .use(exportsModule)
  .use(adminModule)
  .use(backupsModule)
  .use(licensesModule)
  .use(notificationsModule)
  .use(eventsModule)
  .use(storageModule)
  .use(uploadsModule)
  .use(resumableUploadsModule)
  .use(tracksModule)
  .use(listsModule)
  .use(profilesModule)
  .use(followsModule)
  .use(artistListsModule)
  .use(searchModule)
  .use(commentsModule)
  .use(forksModule)
  .use(studioModule)
  .use(mediaModule)
  .use(conversionsModule)
  .use(playsModule)
  .use(likesModule)
  .use(albumsModule)
  .use(embedsModule);
