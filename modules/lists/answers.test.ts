/** Which list answers are kept apart from the plain lists (answers.ts): filters, and parameters no list route reads. */
import { expect, test } from "bun:test";
import { isOpenEndedQuery } from "./answers";

test("plain lists, their sorts, pages and the deleted list's status are plain; blank filters set nothing", () => {
  for (const query of ["", "limit=20", "sortField=title&sortDirection=asc&cursor=abc", "status=DELETED", "genre=&bpmMin="])
    expect(isOpenEndedQuery(query)).toBe(false);
});

test("a filter, or a parameter no list route reads (a cache buster), is open-ended", () => {
  for (const query of ["genre=house", "limit=20&bpmMin=120", "limit=20&_=1732712345", "utm_source=mail", "LIMIT=20"])
    expect(isOpenEndedQuery(query)).toBe(true);
});
