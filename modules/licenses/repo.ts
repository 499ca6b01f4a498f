import { asc, eq, sql } from "drizzle-orm";
import { perRuntime } from "../../src/server/runtime";
import { type License, licenses } from "./schema";

/** Every Track JSON names its licence's type: prepared once, as building the select costs more than running it. */
const byIdQuery = perRuntime(({ db }) =>
  db
    .select()
    .from(licenses)
    .where(eq(licenses.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
);

/** Every list page names its tracks' licence types from this: prepared once too. */
const listQuery = perRuntime(({ db }) => db.select().from(licenses).orderBy(asc(licenses.id)).prepare());

export const licensesRepo = {
  list: (): Promise<License[]> => listQuery().execute(),
  findById: async (id: string): Promise<License | undefined> => (await byIdQuery().execute({ id }))[0],
};
