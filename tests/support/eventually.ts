/** Polls until `check` holds (work the server does in the background), failing after 30 s with `what`. */
export async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await Bun.sleep(100);
  }
}
