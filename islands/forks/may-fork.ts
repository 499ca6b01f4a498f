import type { AuthState } from "../lib/auth";

/** SPEC §6: forking is offered to someone signed in, on a track they do not own; the server checks again. */
export const mayFork = (auth: AuthState, ownerId: string): boolean => auth.status === "signed-in" && auth.user.id !== ownerId;
