import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { checkLayers } from "./layers";
import { smallTrees } from "./small-trees";

const REPO = join(import.meta.dir, "../..");

test("the server imports no script or island, and src/shared neither the server nor an island", () => {
  expect(checkLayers(REPO)).toEqual([]);
});

describe("the check itself, over small trees", () => {
  const tree = smallTrees("stemma-layers");

  const shared = {
    "scripts/lib/ports.ts": "export const freePort = 1;",
    "islands/tracks/sort.ts": "export const SORTS = [];",
    "src/shared/sort.ts": "export const SORTS = [];",
    "src/server/infra/ports.ts": "export const freePort = 1;",
    "src/server/config.ts": "export const config = 1;",
  };

  test("the server and islands each importing shared code, and scripts the server, pass", () => {
    const root = tree({
      ...shared,
      "src/server/infra/queue-broker.ts": 'import { freePort } from "./ports";',
      "modules/lists/service.ts": 'import { SORTS } from "../../src/shared/sort";',
      "islands/tracks/List.tsx": 'import { SORTS } from "../../src/shared/sort";',
      "scripts/backup.ts": 'import { freePort } from "../src/server/infra/ports";',
    });
    expect(checkLayers(root)).toEqual([]);
  });

  test("the server importing scripts or islands, type-only and dynamic imports included, or shared code either side fail", () => {
    const root = tree({
      ...shared,
      "src/server/infra/queue-broker.ts": 'import { freePort } from "../../../scripts/lib/ports";',
      "src/server/db/triggers.ts": 'import type { SORTS } from "../../../islands/tracks/sort";',
      "modules/lists/service.ts": 'export const later = () => import("../../islands/tracks/sort");',
      "src/shared/rules.ts": 'import { config } from "../server/config";',
      "src/shared/sorting.ts": 'export { SORTS } from "../../islands/tracks/sort";',
    });
    expect(checkLayers(root).sort()).toEqual(
      [
        "src/server/infra/queue-broker.ts -> scripts/lib/ports.ts: the server may not import scripts or islands: move what both use into src/server or src/shared",
        "src/server/db/triggers.ts -> islands/tracks/sort.ts: the server may not import scripts or islands: move what both use into src/server or src/shared",
        "modules/lists/service.ts -> islands/tracks/sort.ts: the server may not import scripts or islands: move what both use into src/server or src/shared",
        "src/shared/rules.ts -> src/server/config.ts: src/shared is used by the server and the islands alike, so it imports neither",
        "src/shared/sorting.ts -> islands/tracks/sort.ts: src/shared is used by the server and the islands alike, so it imports neither",
      ].sort(),
    );
  });

  test("tests may reach any layer", () => {
    const root = tree({
      ...shared,
      "src/server/queue-broker.test.ts": 'import { freePort } from "../../scripts/lib/ports";',
      "src/shared/sort.test.ts": 'import { config } from "../server/config";',
    });
    expect(checkLayers(root)).toEqual([]);
  });
});
