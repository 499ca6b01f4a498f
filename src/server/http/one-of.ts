import type { TUnsafe } from "@sinclair/typebox";
import { t } from "elysia";

/**
 * A request value that must be one of `values`, refused with `error` otherwise. A union of literals,
 * not t.UnionEnum: Elysia 1.4 fills an absent optional UnionEnum with its first member, so a
 * defaulted query parameter (a sort, a status filter) would silently take that member instead.
 * Typed as the union of its values: Elysia's route types read a union built from an array (not a
 * tuple) as `never`, which would make the route's body or query untypable for the islands' client.
 */
export const oneOf = <const T extends string>(values: readonly T[], error: string): TUnsafe<T> =>
  t.Union(
    values.map((value) => t.Literal(value)),
    { error },
  ) as unknown as TUnsafe<T>;
