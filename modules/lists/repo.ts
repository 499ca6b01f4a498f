import { allRaw } from "../../src/server/db/raw";

/** What the lists show right now (schema.ts): read on every list request. */
export interface ListVersions {
  content: number;
  counters: number;
}

export const listsRepo = {
  /** Hand-written: this runs before every kept answer, and building it through drizzle costs more than the read. */
  async versions(): Promise<ListVersions> {
    const [row] = await allRaw<ListVersions>("select content, counters from list_versions where id = 1");
    // PostgreSQL's bigint arrives as text.
    return { content: Number(row?.content ?? 0), counters: Number(row?.counters ?? 0) };
  },
};
