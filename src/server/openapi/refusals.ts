import { t } from "elysia";

/** The one error shape (src/server/http/error-handler.ts), for a route's `response` map. */
export const ErrorReply = t.Object({ message: t.String() });

/**
 * The refusals a route answers beyond those every route of its kind does (src/server/openapi/document.ts adds
 * those): spread into its `response` map beside the success, `{ 201: Created, ...refusals(409) }`.
 */
export const refusals = <const Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorReply])) as Record<Status, typeof ErrorReply>;
