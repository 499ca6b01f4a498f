/**
 * At most `limit` holders at once; the rest wait in arrival order. A freed slot passes straight to the
 * next waiter (`running` only drops when nobody waits), so a newcomer can never slip in between and
 * push the count past the limit.
 */
export function createSlots(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
