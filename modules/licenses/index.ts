import { Elysia, t } from "elysia";
import { License } from "./model";
import * as licenses from "./service";

/** SPEC §7 licences: public, no token needed. */
export const licensesModule = new Elysia({ name: "module.licenses", prefix: "/licenses", detail: { tags: ["Licenses"] } })
  .get("/", () => licenses.listLicenses(), { detail: { summary: "Every licence a track may carry" }, response: t.Array(License) })
  .get("/:id", ({ params }) => licenses.getLicense(params.id), { detail: { summary: "One licence" }, response: License });
