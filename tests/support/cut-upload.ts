import { afterAll, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Session, signUp } from "./api";
import { writeNoiseWav } from "./noise-wav";
import type { TestServer } from "./server";

const MB = 1024 * 1024;

export interface CutUpload {
  /** The temporary folder, removed after the file's tests: the WAV, and whatever a test downloads beside it. */
  readonly folder: string;
  /** A 200 MB noise WAV in `folder`, named `name`. */
  readonly wav: string;
  readonly name: string;
  /** The account that uploads (the admin, the first account, is someone else). */
  readonly owner: Session;
}

/**
 * What the cut-connection uploads (on one server and on the cluster) start from: a 200 MB noise WAV in a temporary
 * folder, the admin, and the owner who sends it. Call it after setUpServer or setUpCluster: its beforeAll needs
 * `target()` up.
 */
export function setUpCutUpload(target: () => TestServer, name = "take.wav"): CutUpload {
  const folder = mkdtempSync(join(tmpdir(), "stemma-cut-"));
  const wav = join(folder, name);
  let owner: Session | undefined;
  beforeAll(async () => {
    await signUp(target()); // the first account is the ADMIN
    owner = await signUp(target());
    await writeNoiseWav(wav, 200 * MB);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return {
    folder,
    wav,
    name,
    get owner() {
      if (!owner) throw new Error("the owner is not signed up yet: use it inside a test or hook");
      return owner;
    },
  };
}
