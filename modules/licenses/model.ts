import { t } from "elysia";
import { LICENSE_TYPES } from "./schema";

export { LICENSE_TYPES };

/** SPEC §3 License, as GET /api/licenses sends it. */
export const License = t.Object({
  id: t.String(),
  type: t.UnionEnum(LICENSE_TYPES),
  name: t.String(),
  allowsCommercialUse: t.Boolean(),
  description: t.String(),
  usageDescription: t.String(),
});
export type License = typeof License.static;
