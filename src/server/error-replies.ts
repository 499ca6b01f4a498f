import { t } from "elysia";

/** The one error shape every route answers with (http.ts), as a route's `response` declares it for its 4xx. */
export const ErrorReply = t.Object({ message: t.String() }, { description: "What was refused, and why" });

/** `response` entries for the refusals a route answers, each with the one error shape. */
export const refusals = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorReply])) as Record<S, typeof ErrorReply>;
