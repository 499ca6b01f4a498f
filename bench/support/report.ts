import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface Row {
  measure: string;
  stemma: string;
  baseline: string;
  ratio: string;
  goal: string;
  pass: boolean;
}

const README = join(import.meta.dir, "../../README.md");
const START = "<!-- bench:http start -->";
const END = "<!-- bench:http end -->";

/** Prints the table and puts it into README.md between the markers (the Performance section). */
export function writeReadmeTable(rows: Row[], tracks: number): void {
  const lines = [
    "| Measure | Stemma | Baseline | Ratio | Goal | Result |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.measure} | ${row.stemma} | ${row.baseline} | ${row.ratio} | ${row.goal} | ${row.pass ? "pass" : "FAIL"} |`,
    ),
  ];
  const when = new Date().toISOString().slice(0, 10);
  const table = `${lines.join("\n")}\n\n\`bun bench/http.ts\`, ${when}, ${tracks.toLocaleString("en")} tracks, 2-core machine.`;
  console.log(table);
  const readme = readFileSync(README, "utf8");
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) {
    console.log("README.md has no bench:http markers: table not written");
    return;
  }
  writeFileSync(README, `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`);
}
