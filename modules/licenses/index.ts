import { Elysia, t } from "elysia";
import { License } from "./model";
import * as licenses from "./service";

/** SPEC §7 licences: public, no token needed. */
export const licensesModule = new Elysia({ name: "module.licenses", prefix: "/licenses", detail: { tags: ["Licenses"] } })
  .get("/", () => licenses.listLicenses(), { response: t.Array(License) })
  .get("/:id", ({ params }) => licenses.getLicense(params.id), { response: License });
