/**
 * Runs `load` with `vars` set in process.env and puts back what was there before (unset stays unset), so a setting
 * one test file needs while a module reads it does not leak into the files `bun test` runs after it in the same
 * process, nor into the servers those start (they inherit process.env).
 */
export async function withEnv<T>(vars: Record<string, string>, load: () => Promise<T>): Promise<T> {
  const saved = Object.keys(vars).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, vars);
  try {
    return await load();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
