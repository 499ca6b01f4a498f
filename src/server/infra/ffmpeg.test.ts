/** The one spawner of ffmpeg runs its children below the server's CPU priority (src/server/infra/ffmpeg.ts). */
import { expect, test } from "bun:test";
import { getPriority } from "node:os";
import { openTestRuntime } from "../../../tests/support/in-process-database";
import { runFfmpeg, TOOL_NICENESS } from "./ffmpeg";

// The settings the code under test reads: FFMPEG_PATH and its timeout.
await openTestRuntime("ffmpeg");

test("an ffmpeg child runs at the tools' niceness", async () => {
  const abort = new AbortController();
  // Ten seconds of silence rendered in real time (-re): long enough to look at the running child.
  const running = runFfmpeg(["-re", "-f", "lavfi", "-i", "anullsrc", "-t", "10", "-f", "null", "-"], {
    signal: abort.signal,
  }).catch(() => "stopped");
  let child = "";
  for (let attempt = 0; attempt < 100 && !child; attempt++) {
    child = Bun.spawnSync(["pgrep", "-P", String(process.pid), "ffmpeg"])
      .stdout.toString()
      .trim();
    if (!child) await Bun.sleep(50);
  }
  expect(child).not.toBe("");
  expect(getPriority(Number(child))).toBe(TOOL_NICENESS);
  abort.abort();
  expect(await running).toBe("stopped");
});
