import { ApiError } from "../lib/api";

/** SPEC §8: form submit errors show the server's message, or 'An error occurred'. */
export function submitErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : "An error occurred";
}
