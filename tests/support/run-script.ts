import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

export interface ScriptRun {
  /** null when killed. */
  code: number | null;
  out: string;
}

/**
 * Runs `scripts/<name>.ts` as an operator runs it (`npm run <name>`), with `env` over the test's own; `killWhen`
 * SIGKILLs it once its output matches (a crash in the middle of its work).
 */
export async function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
  killWhen?: RegExp,
): Promise<ScriptRun> {
  const proc = Bun.spawn([process.execPath, `scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let out = "";
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      out += decoder.decode(chunk);
      if (killWhen?.test(out)) proc.kill("SIGKILL");
    }
  };
  await Promise.all([read(proc.stdout), read(proc.stderr), proc.exited]);
  return { code: proc.signalCode ? null : proc.exitCode, out };
}
