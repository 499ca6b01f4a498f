/**
 * Kept list items (trackListJsonOf) on a real migrated SQLite file: each card is the text trackListItemsJson writes of
 * the track's row, in the order asked; a change the card shows reaches the next answer at once (its page version moved),
 * and the counters, which move no version, within LIST_COUNTER_STALENESS_SECONDS (two seconds here).
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openTestRuntime, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";
import { trackListJsonOf } from "./kept-list-items";
import { tracksRepo } from "./repo";
import { tracks } from "./schema";
import { trackListItemsJson } from "./view";

const { db } = await openTestRuntime("kept-list-items", { LIST_COUNTER_STALENESS_SECONDS: "2" });
const [owner] = seedUsers(db, ["kept_items_owner"]);

function seedTrack(title: string): string {
  return db
    .insert(tracks)
    .values({
      userId: owner?.id as string,
      title,
      primaryArtistName: "Ann",
      originalFormat: "wav",
      originalKey: "k",
      licenseId: seededLicenseId(db),
      waveformPreview: [0.1, 0.5, 0.25, 0.75],
    })
    .returning()
    .get().id;
}

const first = seedTrack("First");
const second = seedTrack("Second");
const titles = async (ids: string[]) =>
  (JSON.parse(await trackListJsonOf(ids)) as Array<{ title: string }>).map((item) => item.title);

test("the cards are trackListItemsJson's text of the rows, in the order asked, leaving out ids of no track", async () => {
  const rows = await tracksRepo.listedByIds([second, first]);
  const written = new Map((await trackListItemsJson(rows)).map((json, n) => [rows[n]?.id, json]));
  const expected = `[${written.get(second)},${written.get(first)}]`;
  expect(await trackListJsonOf([second, "no-such-track", first])).toBe(expected);
  // Asked again, the kept cards: the same text.
  expect(await trackListJsonOf([second, "no-such-track", first])).toBe(expected);
  expect(await trackListJsonOf([])).toBe("[]");
});

test("an edit reaches the next answer at once", async () => {
  expect(await titles([first, second])).toEqual(["First", "Second"]);
  db.update(tracks).set({ title: "First, edited" }).where(eq(tracks.id, first)).run();
  expect(await titles([first, second])).toEqual(["First, edited", "Second"]);
});

test("plays, which move no version, within the counters' delay", async () => {
  const plays = async () => (JSON.parse(await trackListJsonOf([second])) as Array<{ totalPlays: number }>)[0]?.totalPlays;
  // An edit first, so the card is made now.
  db.update(tracks).set({ title: "Second, edited" }).where(eq(tracks.id, second)).run();
  expect(await plays()).toBe(0);
  db.update(tracks).set({ totalPlays: 7 }).where(eq(tracks.id, second)).run();
  // Kept under its version for up to two seconds: the lists' delay for counts.
  expect(await plays()).toBe(0);
  await Bun.sleep(2_100);
  expect(await plays()).toBe(7);
});
