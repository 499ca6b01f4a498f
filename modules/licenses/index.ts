import { Elysia, t } from "elysia";
import { LICENSE_TYPES } from "./schema";
import * as licenses from "./service";

const License = t.Object({
  id: t.String(),
  type: t.UnionEnum(LICENSE_TYPES),
  name: t.String(),
  allowsCommercialUse: t.Boolean(),
  description: t.String(),
  usageDescription: t.String(),
});

/** SPEC §7 licences: public, no token needed. */
export const licensesModule = new Elysia({ name: "module.licenses", prefix: "/licenses", detail: { tags: ["Licenses"] } })
  .get("/", () => licenses.listLicenses(), { response: t.Array(License) })
  .get("/:id", ({ params }) => licenses.getLicense(params.id), { response: License });
