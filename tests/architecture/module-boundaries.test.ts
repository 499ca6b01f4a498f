import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { checkBoundaries, importsOf } from "./module-graph";
import { smallTrees } from "./small-trees";

const REPO = join(import.meta.dir, "../..");

test("this repository keeps its module boundaries and has no module cycles", () => {
  expect(checkBoundaries(REPO)).toEqual({ violations: [], cycles: [] });
});

describe("the check itself, over small trees", () => {
  const tree = smallTrees("stemma-boundaries");

  const layered = {
    "modules/users/index.ts": 'import { find } from "./service";\nexport const plugin = find;',
    "modules/users/service.ts": 'import { repo } from "./repo";\nexport const find = (id) => repo(id);',
    "modules/users/repo.ts": "export const repo = 1;",
    "modules/users/schema.ts": "export const users = 1;",
    "modules/users/model.ts": "export const User = 1;",
  };

  test("imports through index.ts, service.ts and model.ts pass", () => {
    const root = tree({
      ...layered,
      "modules/songs/service.ts":
        'import { find } from "../users/service";\nimport { plugin } from "../users";\nexport { find, plugin };',
      "modules/songs/schema.ts": 'import { users } from "../users/schema";\nexport const songs = users;',
      "modules/songs/repo.ts": 'import { users } from "../users/schema";\nexport const songsRepo = users;',
      "modules/songs/songs.test.ts": 'import { users } from "../users/schema";\nimport { find } from "../songs/service";',
      "islands/song.tsx": 'import type { User } from "../modules/users/model";',
      "src/server/api.ts": 'import { plugin } from "../../modules/users";',
    });
    expect(checkBoundaries(root)).toEqual({ violations: [], cycles: [] });
  });

  test("reaching into another module's repo, schema or helper fails, type-only and dynamic imports included", () => {
    // A repo may read another module's tables through its schema.ts, but never call that module's repo.
    const root = tree({
      ...layered,
      "modules/songs/service.ts": 'import { repo } from "../users/repo";\nexport const x = repo;',
      "modules/songs/view.ts": 'import type { users } from "../users/schema";\nexport type X = typeof users;',
      "modules/songs/repo.ts": 'import { repo } from "../users/repo";\nexport const songsRepo = repo;',
      "modules/songs/later.ts": 'export const later = () => import("../users/repo");',
      "src/server/jobs.ts": 'import { repo } from "../../modules/users/repo";',
      "islands/song.tsx": 'import { find } from "../modules/users/service";',
    });
    expect(checkBoundaries(root).violations.sort()).toEqual(
      [
        "modules/songs/later.ts -> modules/users/repo.ts: reach another module only through its index.ts, service.ts or model.ts",
        "modules/songs/repo.ts -> modules/users/repo.ts: reach another module only through its index.ts, service.ts or model.ts",
        "modules/songs/service.ts -> modules/users/repo.ts: reach another module only through its index.ts, service.ts or model.ts",
        // …and, on a public file, passes that repo on as its own.
        "modules/songs/service.ts -> modules/users/repo.ts: exports repo on; a public file offers operations, never a repo's rows",
        "modules/songs/view.ts -> modules/users/schema.ts: reach another module only through its index.ts, service.ts or model.ts",
        "src/server/jobs.ts -> modules/users/repo.ts: reach another module only through its index.ts, service.ts or model.ts",
        "islands/song.tsx -> modules/users/service.ts: islands may import only a module's model.ts",
      ].sort(),
    );
  });

  test("a repo may read another module's tables, but writing them fails, whatever the import's form", () => {
    const root = tree({
      ...layered,
      "modules/songs/repo.ts": [
        'import { type User, users } from "../users/schema";',
        "export const byName = (db) => db.select().from(users);",
      ].join("\n"),
      "modules/albums/repo.ts": [
        'import { users as people } from "../users/schema";',
        "export const rename = (tx) => tx.update(people).set({ name: 1 });",
      ].join("\n"),
      "modules/plays/repo.ts": [
        'import * as userTables from "../users/schema";',
        "export const add = (tx) => tx.insert(userTables.users).values({});",
        "export const drop = (tx) => tx.delete( userTables.users );",
      ].join("\n"),
      "modules/users/users.test.ts":
        'import { users } from "./schema";\nexport const seed = (db) => db.insert(users).values({});',
      "modules/songs/songs.test.ts":
        'import { users } from "../users/schema";\nexport const seed = (db) => db.insert(users).values({});',
    });
    const writes = (importer: string, name: string) =>
      `${importer} -> modules/users/schema.ts: writes ${name}, another module's table; call an operation of its service instead`;
    expect(checkBoundaries(root).violations.sort()).toEqual(
      [writes("modules/albums/repo.ts", "people"), writes("modules/plays/repo.ts", "userTables")].sort(),
    );
  });

  test("a public file passing on its repo's functions fails, in every form; operations wrapping them pass", () => {
    const passes = (file: string) => `modules/users/${file} -> modules/users/repo.ts`;
    const root = tree({
      ...layered,
      "modules/users/service.ts": [
        'import { repo } from "./repo";',
        "export async function find(id) { return repo.find(id); }",
        "export const count = () => repo.count();",
      ].join("\n"),
      "modules/users/index.ts": 'export { repo } from "./repo";\nexport type { Row } from "./repo";',
      "modules/users/model.ts": 'export * from "./repo";',
      "modules/songs/service.ts": [
        'import { songsRepo as rows } from "./repo";',
        "export const { find: findSong, remove } = rows;",
        "export const list = rows.list;",
        "export { rows };",
      ].join("\n"),
      "modules/songs/repo.ts": "export const songsRepo = {};",
    });
    expect(checkBoundaries(root).violations.sort()).toEqual(
      [
        `${passes("index.ts")}: re-exports a repo; a public file offers operations, never a repo's rows`,
        `${passes("index.ts")}: re-exports a repo; a public file offers operations, never a repo's rows`,
        `${passes("model.ts")}: re-exports a repo; a public file offers operations, never a repo's rows`,
        "modules/songs/service.ts -> modules/songs/repo.ts: exports rows on; a public file offers operations, never a repo's rows",
      ].sort(),
    );
  });

  test("two modules using each other's services is a cycle, also through a third module", () => {
    const root = tree({
      ...layered,
      "modules/users/service.ts": 'import { songs } from "../songs/service";\nexport const find = songs;',
      "modules/songs/service.ts": 'import { albums } from "../albums/service";\nexport const songs = albums;',
      "modules/albums/index.ts": 'import { find } from "../users/service";\nexport const plugin = find;',
      "modules/albums/service.ts": "export const albums = 1;",
    });
    expect(checkBoundaries(root)).toEqual({ violations: [], cycles: [["albums", "users", "songs", "albums"]] });
  });

  test("a test importing another module's service makes no cycle", () => {
    const root = tree({
      ...layered,
      "modules/songs/service.ts": 'import { find } from "../users/service";\nexport const songs = find;',
      "modules/users/users.test.ts": 'import { songs } from "../songs/service";',
    });
    expect(checkBoundaries(root).cycles).toEqual([]);
  });

  test("every form of import is found", () => {
    const code = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      'export { c } from "./c";',
      'import "./d";',
      'const e = await import("./e");',
      'type F = import("./f").F;',
      'import {\n  g,\n  h,\n} from "./gh";',
    ].join("\n");
    expect(importsOf(code).sort()).toEqual(["./a", "./b", "./c", "./d", "./e", "./f", "./gh"]);
  });
});
