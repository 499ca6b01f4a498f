import { t } from "elysia";
import { oneOf } from "../../src/server/http/one-of";
import { CONVERSION_FORMATS, CONVERSION_STATUSES } from "../../src/shared/conversion-status";

export const Format = oneOf(CONVERSION_FORMATS, "format must be wav or flac");

/** SPEC §7 conversion status reply ('in_progress' while a conversion runs; clients poll until it ends). */
export const StatusReply = t.Object({
  status: t.UnionEnum(["success", "in_progress"]),
  data: t.Object({
    conversionStatus: t.UnionEnum(CONVERSION_STATUSES),
    availableForSeconds: t.Integer({ description: "How long a finished WAV/FLAC is kept (CONVERSION_TTL_SECONDS)" }),
  }),
});
export type StatusReply = typeof StatusReply.static;

export const ConvertBody = t.Object({
  type: oneOf(["full", "stem"], "type must be full or stem"),
  stemId: t.Optional(t.Nullable(t.String())),
  format: Format,
});
export const ConvertReply = t.Object({ status: t.UnionEnum(["success", "in_progress"]) });
