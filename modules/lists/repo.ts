import { db } from "../../src/server/db";

/** What the lists show right now (schema.ts): read on every list request, so one prepared primary-key read. */
export interface ListVersions {
  content: number;
  counters: number;
}

/** Raw SQLite rather than drizzle: this runs before every cached answer, and drizzle's mapping costs more than the read. */
const versionsQuery = db.$client.query<ListVersions, []>("select content, counters from list_versions where id = 1");

export const listsRepo = {
  versions(): ListVersions {
    return versionsQuery.get() ?? { content: 0, counters: 0 };
  },
};
