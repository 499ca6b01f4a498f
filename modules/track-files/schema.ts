import { createdAt, id, index, table, text } from "../../src/server/db/columns";

/**
 * Keys a studio change or a regenerated mix is about to store or let go (in-flight.ts), written
 * before the file is. A row outlives its change only when the process died mid-change; the sweep then
 * deletes whichever of its keys no live row names, so a crash leaves no unnamed file behind.
 */
export const filesInFlight = table(
  "files_in_flight",
  {
    id: id(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_in_flight_created_idx").on(t.createdAt)],
);
