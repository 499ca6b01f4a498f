/**
 * The `system.ping` job's effect: it resolves whoever waits on its nonce. Lets a caller prove the
 * queue really runs jobs end to end (tests, and operators via `bun scripts/queue-roundtrip.ts`).
 */
const waiting = new Map<string, () => void>();

export function waitForPing(nonce: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(nonce);
      resolve(false);
    }, timeoutMs);
    waiting.set(nonce, () => {
      clearTimeout(timer);
      waiting.delete(nonce);
      resolve(true);
    });
  });
}

export async function handlePing({ nonce }: { nonce: string }): Promise<void> {
  waiting.get(nonce)?.();
}
