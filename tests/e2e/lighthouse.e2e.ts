import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { signUp } from "../support/api";
import { setUpServer } from "../support/lifecycle";
import { publicUrlEnv } from "../support/public-url";
import { createTrack, waitForProcessing } from "../support/uploads";

setDefaultTimeout(240_000);

/**
 * Lighthouse 12 (Node, Debian's Chromium) on the embed player, which other sites frame and so must be fast,
 * accessible and sound in every category; and on the home and track pages for Best Practices, which the site-wide
 * Content-Security-Policy must keep at 100. A test rather than a separate script: three audits, about a minute.
 */
const live = setUpServer({ env: publicUrlEnv() });
let trackId: string;

beforeAll(async () => {
  const owner = await signUp(live.server);
  trackId = await createTrack(live.server, owner.token, {
    original: "real-audio/audio-lena.flac",
    coverArt: "images/matplotlib-grace_hopper.jpg",
    data: { title: "Audited", primaryArtistName: "Lena Test" },
  });
  await waitForProcessing(live.server, owner.token, trackId);
});

interface Audit {
  scores: Record<string, number>;
  failing: string[];
}

async function lighthouse(path: string, categories?: string[]): Promise<Audit> {
  const script = join(import.meta.dir, "../../scripts/lighthouse.mjs");
  const run = Bun.spawn(["node", script, `${live.server.url}${path}`, ...(categories ? [categories.join(",")] : [])], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  if (code !== 0) throw new Error(`lighthouse failed (${code}): ${err.slice(-2000)}`);
  return JSON.parse(out.trim().split("\n").at(-1) as string) as Audit;
}

/**
 * Each category's best score over up to five audits (and the first audit's failing audits), stopping at the first
 * that meets `goal` everywhere: Lighthouse's performance score moves with the machine's load (its blocking-time audits
 * time the page's main thread), and load only ever lowers it, so the best of a few audits on a machine running other
 * tests says what the page itself does; a page that is slow on its own misses in every one.
 */
async function bestScores(path: string, goal: number): Promise<Audit> {
  const audits: Audit[] = [];
  const best: Record<string, number> = {};
  for (let run = 0; run < 5; run++) {
    const audit = await lighthouse(path);
    audits.push(audit);
    console.log(`${path}${run ? " again" : ""}: ${JSON.stringify(audit)}`);
    for (const [name, score] of Object.entries(audit.scores)) best[name] = Math.max(best[name] ?? 0, score);
    if (Object.values(best).every((score) => score >= goal)) break;
  }
  return { scores: best, failing: audits[0]?.failing ?? [] };
}

describe("Lighthouse", () => {
  test("the embed player scores at least 95 in every category (the best of up to five when one misses)", async () => {
    const { scores, failing } = await bestScores(`/embed/track/${trackId}`, 0.95);
    expect(Object.keys(scores).sort()).toEqual(["accessibility", "best-practices", "performance", "seo"]);
    for (const score of Object.values(scores)) expect(score).toBeGreaterThanOrEqual(0.95);
    // The cover's 96 px box gets a size near it (the thumb), not the 320 px card.
    expect(failing.filter((audit) => audit.startsWith("uses-responsive-images"))).toEqual([]);
  });

  test("the home and track pages keep Best Practices at 100 under the site's CSP", async () => {
    for (const path of ["/", `/track/${trackId}`]) {
      const audit = await lighthouse(path, ["best-practices"]);
      console.log(`${path}: ${JSON.stringify(audit)}`);
      expect(audit.scores["best-practices"]).toBe(1);
    }
  });
});
