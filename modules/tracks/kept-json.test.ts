/** keptJson on its own: what is made once is reused while current, and the oldest made goes first past the bytes. */
import { expect, test } from "bun:test";
import { keptJson, type Made } from "./kept-json";

/** A maker that records which keys it was asked for and writes `"key@version"`. */
function maker(versions: Record<string, number>) {
  const asked: string[][] = [];
  const make = async (keys: string[]): Promise<Made[]> => {
    asked.push(keys);
    return keys.map((key) => ({ key, version: versions[key] as number, json: JSON.stringify(`${key}@${versions[key]}`) }));
  };
  return { asked, make };
}

test("kept texts are reused while their version holds; a new version is made again", async () => {
  const kept = keptJson({ maxBytes: 1_000, freshForMs: Number.POSITIVE_INFINITY });
  const versions = { a: 1, b: 1 };
  const { asked, make } = maker(versions);
  const wanted = () => [
    { key: "b", version: versions.b },
    { key: "gone", version: undefined },
    { key: "a", version: versions.a },
  ];
  expect(await kept.array(wanted(), make)).toBe('["b@1","a@1"]');
  expect(await kept.array(wanted(), make)).toBe('["b@1","a@1"]');
  versions.a = 2;
  expect(await kept.array(wanted(), make)).toBe('["b@1","a@2"]');
  expect(asked).toEqual([["b", "a"], ["a"]]);
});

test("past freshForMs a text is made again, whatever its version", async () => {
  const kept = keptJson({ maxBytes: 1_000, freshForMs: 50 });
  const { asked, make } = maker({ a: 1 });
  await kept.array([{ key: "a", version: 1 }], make);
  await kept.array([{ key: "a", version: 1 }], make);
  await Bun.sleep(60);
  await kept.array([{ key: "a", version: 1 }], make);
  expect(asked).toEqual([["a"], ["a"]]);
});

test("past maxBytes the oldest made are forgotten first", async () => {
  // Each text is 5 characters ("a@1" quoted): two fit in 12 bytes, three do not.
  const kept = keptJson({ maxBytes: 12, freshForMs: Number.POSITIVE_INFINITY });
  const { asked, make } = maker({ a: 1, b: 1, c: 1 });
  await kept.array([{ key: "a", version: 1 }], make);
  await kept.array([{ key: "b", version: 1 }], make);
  await kept.array([{ key: "c", version: 1 }], make);
  await kept.array(
    ["b", "c"].map((key) => ({ key, version: 1 })),
    make,
  );
  expect(asked).toEqual([["a"], ["b"], ["c"]]);
  await kept.array([{ key: "a", version: 1 }], make);
  expect(asked.at(-1)).toEqual(["a"]);
});

test("members given with a use are added to that use's object only, never kept", async () => {
  const kept = keptJson({ maxBytes: 1_000, freshForMs: Number.POSITIVE_INFINITY });
  const make = async (keys: string[]): Promise<Made[]> => keys.map((key) => ({ key, version: 1, json: `{"key":"${key}"}` }));
  expect(await kept.array([{ key: "a", version: 1, members: '"n":2' }], make)).toBe('[{"key":"a","n":2}]');
  expect(await kept.array([{ key: "a", version: 1, members: '"n":3' }], make)).toBe('[{"key":"a","n":3}]');
  expect(await kept.array([{ key: "a", version: 1 }], make)).toBe('[{"key":"a"}]');
});
