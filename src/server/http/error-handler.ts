import { Elysia } from "elysia";
import { config } from "../config";
import { environmentFault, HttpError } from "../errors";
import { log } from "../logger";
import { discardUnreadBody } from "./unread-body";

/** Plain-language text for a failed schema check: the schema's own `error` when it has one. */
function validationMessage(error: { customError?: unknown; valueError?: { message: string; path: string } }): string {
  if (typeof error.customError === "string") return error.customError;
  const value = error.valueError;
  if (!value) return "Invalid request";
  const field = value.path.replace(/^\//, "").replace(/\//g, ".");
  return field ? `${field}: ${value.message}` : value.message;
}

/**
 * Maps every thrown error to the one shape `{ message }` with a fitting status; never leaks internals. The body a
 * refusal left unread is read first, so the answer reaches a client still sending it (src/server/http/unread-body.ts).
 */
export const errorHandler = new Elysia({ name: "error-handler" }).onError(
  { as: "global" },
  async ({ code, error, set, path, request }) => {
    await discardUnreadBody(request, config().maxUploadBytes);
    if (error instanceof HttpError) {
      set.status = error.status;
      return { message: error.message };
    }
    switch (code) {
      case "VALIDATION":
        set.status = 400;
        return { message: validationMessage(error) };
      case "PARSE":
        set.status = 400;
        return { message: "The request body could not be read" };
      case "NOT_FOUND":
        set.status = 404;
        return { message: "Not found" };
      case "INVALID_COOKIE_SIGNATURE":
      case "INVALID_FILE_TYPE":
        set.status = 400;
        return { message: error.message };
      default: {
        const fault = environmentFault(error);
        if (fault) {
          log.warn("request refused by an environment fault", { path, status: fault.status, error: String(error) });
          set.status = fault.status;
          if (fault.status === 503) set.headers["retry-after"] = "5";
          return { message: fault.message };
        }
        const status = (error as { status?: number }).status;
        if (typeof status === "number" && status >= 400 && status < 500) {
          set.status = status;
          return { message: (error as Error).message || "Bad request" };
        }
        log.error("unhandled error", { path, error: error instanceof Error ? error.stack : String(error) });
        set.status = 500;
        return { message: "Internal server error" };
      }
    }
  },
);
