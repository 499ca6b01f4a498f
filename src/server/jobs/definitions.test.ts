import { expect, test } from "bun:test";
import { jobDefinitions } from "./definitions";

test("every job may run twice: on PostgreSQL a worker's lost lease counts as a failed attempt", () => {
  const single = Object.entries(jobDefinitions)
    .filter(([, definition]) => definition.attempts < 2)
    .map(([name]) => name);
  expect(single).toEqual([]);
  expect(Object.keys(jobDefinitions).length).toBeGreaterThan(0);
});
