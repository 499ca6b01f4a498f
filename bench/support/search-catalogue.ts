import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { STEM_TYPES } from "../../src/shared/upload-rules";

/** The migrations that build the search index, in order: 0030 builds the words' table again with more prefixes. */
const SEARCH_MIGRATIONS = ["0019_search.sql", "0030_search_prefixes.sql"].map((name) =>
  join(import.meta.dir, "../../migrations", name),
);

/**
 * Words titles and descriptions are made of: a few hundred, so one word is in about one track in a hundred, as in a
 * real catalogue; accented ones (café, noël…), and a run of words sharing the first letters someone types (mid…).
 */
const WORDS = (
  "midnight midsummer middle midway midas mirror mist mint minor miracle café cafe noël señor über mañana déjà " +
  "crème naïve rosé fiancée jalapeño smörgås ångström blue red green golden silver neon velvet electric lunar " +
  "solar cosmic urban rural ocean river mountain desert forest city street garden island harbour drift wave " +
  "echo pulse signal static motion shadow light dark bright quiet loud slow fast deep high low warm cold " +
  "summer winter autumn spring morning evening night dawn dusk storm rain snow wind fire ice stone glass " +
  "paper iron steel cotton silk honey sugar salt pepper lemon cherry apple orange peach plum berry " +
  "dream memory story journey voyage escape return arrival departure home road bridge tower castle palace " +
  "temple market station airport harbor beach shore valley canyon prairie meadow orchard vineyard " +
  "heart soul spirit mind body hands eyes voice breath pulse rhythm groove beat bass drum synth guitar piano " +
  "violin cello trumpet saxophone flute organ choir anthem ballad hymn lullaby serenade nocturne prelude " +
  "overture sonata symphony concerto rhapsody fugue etude waltz tango samba bossa rumba mambo salsa polka " +
  "reggae dub techno house trance ambient disco funk soul jazz blues rock punk metal grunge indie folk " +
  "country gospel opera cantata requiem mass chant mantra raga kirtan qawwali fado flamenco tarantella"
)
  .split(" ")
  .filter(Boolean);
const GENRES = ["House", "Techno", "Ambient", "Jazz", "Hip-Hop", "Drum and Bass", "Folk", "Rock", "Synthwave", "Lo-Fi"];
const KEYS = ["C", "Cm", "D", "Dm", "E", "Em", "F", "F#m", "G", "Gm", "A", "Am", "B", "Bm"];
const STEM_NAMES: Record<string, string> = { drums: "Drum Kit", bass: "Bass Line", vocals: "Lead Vocals", synth: "Pad" };

/** The search index's objects (migrations 0019_search and 0030_search_prefixes), in an order they can be dropped in. */
function searchObjects(db: Database): Array<{ type: string; name: string }> {
  const order = ["trigger", "table", "view"];
  return db
    .query<{ type: string; name: string }, []>(
      "select type, name from sqlite_master where name like 'search%' and type in ('trigger', 'table', 'view')",
    )
    .all()
    .filter((object) => !/_(data|idx|content|docsize|config)$/.test(object.name))
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

/**
 * Drops the search index (its triggers, tables and view), so the seeding below writes no index row: the index is
 * then built in one go by `rebuildSearchIndex`, which is the figure measured.
 */
export function dropSearchIndex(databasePath: string): void {
  const db = new Database(databasePath);
  db.exec("PRAGMA busy_timeout = 5000");
  for (const object of searchObjects(db)) db.exec(`drop ${object.type} if exists "${object.name}"`);
  db.close();
}

/**
 * Gives the seeded tracks (seed.ts, all copies of one upload) what search looks at: titles and descriptions of
 * words, ten genres, BPMs from 70 to 179, fourteen keys, every licence, and three stems each (300,000 for 100,000
 * tracks) of the stem types in turn, named by type, each its own file (as uploads are: search lists a file once,
 * modules/search/relevance.ts firstOfItsFile). One statement each.
 */
export function seedSearchText(databasePath: string): void {
  const db = new Database(databasePath);
  db.exec("PRAGMA busy_timeout = 5000");
  const licenses = db.query<{ id: string }, []>("select id from licenses order by id").all();
  const word = (at: string) => `json_extract($words, '$[' || ((${at}) % ${WORDS.length}) || ']')`;
  db.transaction(() => {
    db.query(
      `update tracks set
         title = ${word("s.n * 7")} || ' ' || ${word("s.n * 13 + 5")} || ' ' || ${word("s.n * 31 + 11")},
         description = 'A ' || ${word("s.n * 17 + 3")} || ' piece about ' || ${word("s.n * 23 + 7")},
         genre_names = json_array(json_extract($genres, '$[' || (s.n % ${GENRES.length}) || ']')),
         bpm = 70 + (s.n * 37) % 110,
         key = json_extract($keys, '$[' || (s.n % ${KEYS.length}) || ']'),
         license_id = json_extract($licenses, '$[' || (s.n % json_array_length($licenses)) || ']')
       from (select id as seeded, cast(substr(id, 6) as integer) as n from tracks where id like 'seed-%') s
       where tracks.id = s.seeded`,
    ).run({
      $words: JSON.stringify(WORDS),
      $genres: JSON.stringify(GENRES),
      $keys: JSON.stringify(KEYS),
      $licenses: JSON.stringify(licenses.map((license) => license.id)),
    });
    db.query(
      `with recursive k(i) as (select 0 union all select i + 1 from k where i < 2)
       insert into stems (id, track_id, name, type, "index", original_format, file_key, size_bytes, created_at)
       select t.id || '-stem-' || k.i, t.id, json_extract($names, '$.' || json_extract($types, '$[' || ((cast(substr(t.id, 6) as integer) + k.i) % ${STEM_TYPES.length}) || ']')),
         json_extract($types, '$[' || ((cast(substr(t.id, 6) as integer) + k.i) % ${STEM_TYPES.length}) || ']'),
         k.i, 'wav', t.id || '/stem-' || k.i || '.wav', 0, t.created_at
       from tracks t, k where t.id like 'seed-%'`,
    ).run({
      $types: JSON.stringify(STEM_TYPES),
      $names: JSON.stringify(Object.fromEntries(STEM_TYPES.map((type) => [type, STEM_NAMES[type] ?? type]))),
    });
  })();
  db.exec("analyze");
  db.close();
}

/**
 * Forgets the page pre-renders the seeding queued (two per track, by migration 0012_pages_store's triggers): a
 * catalogue that grew one upload at a time had each page pre-rendered as it came, so a running server holds no such
 * backlog, and rendering and compressing 200,000 pages behind the searches would be measured with every one of them.
 */
export function clearPageBacklog(databasePath: string): void {
  const db = new Database(databasePath);
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("delete from pages_due");
  db.close();
}

/**
 * Builds the whole index from the tracks, stems and users, as migrations 0019_search and 0030_search_prefixes do on a
 * database that has tracks already: their own statements, in one transaction. Returns the seconds it took.
 */
export function rebuildSearchIndex(databasePath: string): number {
  const statements = SEARCH_MIGRATIONS.flatMap((migration) => readFileSync(migration, "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
  const db = new Database(databasePath);
  db.exec("PRAGMA busy_timeout = 5000");
  const started = performance.now();
  db.transaction(() => {
    for (const statement of statements) db.exec(statement);
  })();
  const seconds = (performance.now() - started) / 1000;
  db.exec("analyze");
  db.close();
  return seconds;
}
