/**
 * The documentation holds together: every relative link and image of the README, CONTRIBUTING.md, DEVELOPERS.md and
 * docs/*.md reaches a file that exists, and a `#fragment` a heading of that file; every page of docs/ is linked from
 * somewhere; and nothing the README held when it was cut down to a front door was lost in the move.
 */
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ROOT } from "../../src/server/paths";

const DOCUMENTS = [
  "README.md",
  "CONTRIBUTING.md",
  "DEVELOPERS.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The text outside fenced code blocks and inline code, where Markdown links are links. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");

/** The headings of a Markdown file, outside code blocks. */
const headingsOf = (markdown: string) =>
  [...markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6} (.+)$/gm)].map((match) => (match[1] ?? "").trim());

/** GitHub's anchor for each heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const heading of headingsOf(markdown)) {
    const base = heading
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** Every `[text](target)` and `![alt](target)` of a file's prose. */
const linksOf = (markdown: string) =>
  [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? "");

test("every relative link and image in the documentation reaches a file, and its #fragment a heading there", () => {
  const broken: string[] = [];
  for (const document of DOCUMENTS) {
    for (const target of linksOf(read(document))) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = "", fragment] = target.split("#");
      const file = path ? resolve(dirname(join(ROOT, document)), decodeURIComponent(path)) : join(ROOT, document);
      if (!existsSync(file)) {
        broken.push(`${document}: ${target} (no such file)`);
        continue;
      }
      if (fragment && (statSync(file).isDirectory() || !anchorsOf(readFileSync(file, "utf8")).has(fragment)))
        broken.push(`${document}: ${target} (no heading #${fragment} in ${relative(ROOT, file)})`);
    }
  }
  expect(broken).toEqual([]);
});

test("every page of docs/ is linked from another document", () => {
  const linked = new Set(
    DOCUMENTS.flatMap((document) =>
      linksOf(read(document))
        .filter((target) => !/^[a-z]+:/i.test(target))
        .map((target) => relative(ROOT, resolve(dirname(join(ROOT, document)), target.split("#")[0] || document))),
    ),
  );
  expect(DOCUMENTS.filter((document) => document.startsWith("docs/") && !linked.has(document))).toEqual([]);
});

/** Markdown as compared: link targets dropped (a link moved to another file keeps its words), whitespace collapsed. */
const normalised = (text: string) => text.replace(/\]\([^)]*\)/g, "]").replace(/\s+/g, " ");

/**
 * Parts of the former README said again in other words rather than moved, each with where its equivalent is. The
 * former README's text was cut to its front door; tests/docs/former-readme.txt lists its headings, the first line
 * of each code block and the first ten words of each paragraph, list item and table row.
 */
const SAID_AGAIN: Record<string, string> = {
  "A self-hostable web app where musicians upload audio tracks (WAV/FLAC": "the README's first paragraph and Features",
  "See `DEVELOPERS.md` for the layout and conventions.": "the README's Documentation table",
  "- **Order**: relevance (SQLite's bm25, PostgreSQL's ts_rank) weighting the title": "docs/features.md, Order (tiers now)",
  "- **Known differences**: relevance scores differ between the two (the": "docs/features.md, Known differences",
  "- **Studio** (owner of the fork only; others get `404`,": "docs/features.md, Studio (originals too now)",
  // Issue 39 replaced the bearer-only browser session and added the sessions list.
  "- Sign-in tokens are only accepted in the `Authorization: Bearer`": "docs/security.md, the session cookie",
  '- **Sessions**: "Log out everywhere" (`POST /api/auth/logout-everywhere {password}`) ends every':
    "docs/security.md, Accounts › Sessions",
  // Notes on runs whose tables were since measured again: the notes under today's tables replace them.
  "The table above is one of two full runs of": "docs/performance.md, under the HTTP table",
  "The run above shared the machine with two other engineers'": "docs/performance.md, under the search table",
};

test("everything the README held before it became a front door is in the README or docs/", () => {
  const everything = normalised(DOCUMENTS.map(read).join("\n"));
  const headings = new Set(DOCUMENTS.flatMap((document) => headingsOf(read(document)).map(normalised)));
  const lost = read("tests/docs/former-readme.txt")
    .split("\n")
    .filter((line) => line && !(line in SAID_AGAIN))
    .filter((line) => {
      if (line.startsWith("# ")) return !headings.has(line.slice(2));
      if (line.startsWith("` ")) return !everything.includes(line.slice(2));
      return !everything.includes(line);
    });
  expect(lost).toEqual([]);
});

test("every bench that writes a table finds its markers in docs/performance.md", () => {
  const performance = read("docs/performance.md");
  const names = readdirSync(join(ROOT, "bench"))
    .filter((name) => name.endsWith(".ts"))
    .flatMap((name) => [...read(`bench/${name}`).matchAll(/writePerformance(?:Table|Section)\(\s*"([^"]+)"/g)].map((m) => m[1]));
  expect(names.length).toBeGreaterThan(3);
  expect(
    names.filter(
      (name) => !performance.includes(`<!-- bench:${name} start -->`) || !performance.includes(`<!-- bench:${name} end -->`),
    ),
  ).toEqual([]);
});
