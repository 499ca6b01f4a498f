/** SPEC §4/§9: a play needs 5 seconds of listening. */
export const MIN_PLAY_SECONDS = 5;

/**
 * Anonymous ids cost nothing to mint, so one address may add at most this many visitor plays to a
 * track per counting window; beyond that plays are accepted but not counted. Generous for shared addresses.
 */
export const ANONYMOUS_PLAYS_PER_IP = 20;
