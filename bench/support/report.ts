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

/** Where the benches' tables live, each between its markers. */
const PERFORMANCE = join(import.meta.dir, "../../docs/performance.md");

/** A Markdown table: one header row, then each row's cells in the same order. */
export function markdownTable(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), `|${headers.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

/** Prints `text` and puts it into docs/performance.md between `<!-- bench:<name> start -->` and its end marker. */
export function writePerformanceSection(name: string, text: string): void {
  console.log(text);
  const startMarker = `<!-- bench:${name} start -->`;
  const endMarker = `<!-- bench:${name} end -->`;
  const document = readFileSync(PERFORMANCE, "utf8");
  const start = document.indexOf(startMarker);
  const end = document.indexOf(endMarker);
  if (start < 0 || end < start) {
    console.log(`docs/performance.md has no bench:${name} markers: table not written`);
    return;
  }
  writeFileSync(PERFORMANCE, `${document.slice(0, start + startMarker.length)}\n${text}\n${document.slice(end)}`);
}

/** A bench's table of rows against baselines (bench/<name>.ts), into docs/performance.md. */
export function writePerformanceTable(name: string, rows: Row[], size: string): void {
  const table = markdownTable(
    ["Measure", "Stemma", "Baseline", "Ratio", "Goal", "Result"],
    rows.map((row) => [row.measure, row.stemma, row.baseline, row.ratio, row.goal, row.pass ? "pass" : "FAIL"]),
  );
  const when = new Date().toISOString().slice(0, 10);
  writePerformanceSection(name, `${table}\n\n\`bun bench/${name}.ts\`, ${when}, ${size}, 2-core machine.`);
}
