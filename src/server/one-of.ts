import { t } from "elysia";

/**
 * A request value that must be one of `values`, refused with `error` otherwise. A union of literals,
 * not t.UnionEnum: Elysia 1.4 fills an absent optional UnionEnum with its first member, so a
 * defaulted query parameter (a sort, a status filter) would silently take that member instead.
 */
export const oneOf = <const T extends string>(values: readonly T[], error: string) =>
  t.Union(
    values.map((value) => t.Literal(value)),
    { error },
  );
