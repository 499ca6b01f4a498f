import type { Static, TSchema } from "@sinclair/typebox";
import { type TypeCheck, TypeCompiler } from "@sinclair/typebox/compiler";
import { badRequest } from "../errors";

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/**
 * Checks a body against its route schema inside the handler, for the few routes whose access check
 * must come first (a stranger's edit is a 404 whatever they sent, as Elysia's own body check would
 * answer 400 before the handler runs). The first problem is a 400 with the failing schema's `error`
 * message, computed as Elysia computes it, so both ways of checking say the same.
 */
export function checkedBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  const check = compiled.get(schema) ?? TypeCompiler.Compile(schema);
  compiled.set(schema, check);
  if (check.Check(body)) return body as Static<T>;
  const error = check.Errors(body).First()?.schema.error;
  const details = { type: "validation" as const, on: "body" as const, found: body, value: body, errors: [...check.Errors(body)] };
  const message = typeof error === "function" ? error(details, check) : error;
  throw badRequest(typeof message === "string" ? message : "Invalid request body");
}
