import { expect, test } from "bun:test";
import { createSlots } from "./slots";

test("never more than the limit at once, newcomers included, and every holder runs in arrival order", async () => {
  const withSlot = createSlots(2);
  let inside = 0;
  let most = 0;
  const order: number[] = [];
  const hold = (n: number) =>
    withSlot(async () => {
      order.push(n);
      most = Math.max(most, ++inside);
      await Bun.sleep(5);
      inside--;
      return n;
    });
  const first = [1, 2, 3, 4].map(hold);
  // A newcomer arriving while slots are being handed over must queue behind the waiters.
  await first[0];
  const late = hold(5);
  expect(await Promise.all([...first, late])).toEqual([1, 2, 3, 4, 5]);
  expect(most).toBe(2);
  expect(order).toEqual([1, 2, 3, 4, 5]);
});

test("a holder that throws frees its slot", async () => {
  const withSlot = createSlots(1);
  await expect(withSlot(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  expect(await withSlot(async () => "next")).toBe("next");
});
