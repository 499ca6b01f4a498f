/** What a child process printed, and its exit code. */
export interface ChildRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs this test's own `bun` with `args` in a process of its own, `env` on top of this process's environment, and
 * waits for it: for code that must not share the test process (the database module picks its dialect and opens
 * its database once per process; a boot that must fail exits).
 */
export function runBun(args: string[], options: ChildOptions = {}): Promise<ChildRun> {
  return runChild([process.execPath, ...args], options);
}

/** What a child runs in: its folder, and `env` on top of this process's environment (or alone, `inherit: false`). */
interface ChildOptions {
  cwd?: string;
  env?: Record<string, string>;
  inherit?: boolean;
}

/** Runs `command` in a process of its own and waits for it. */
export async function runChild(command: string[], options: ChildOptions = {}): Promise<ChildRun> {
  const child = Bun.spawn(command, {
    cwd: options.cwd,
    env: options.inherit === false ? options.env : { ...process.env, ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, out, err };
}
