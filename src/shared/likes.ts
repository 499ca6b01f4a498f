/** At most this many tracks per GET /api/likes?trackIds= (a page of cards is 20): the server's limit and the islands'. */
export const MAX_ASKED_TRACKS = 100;
