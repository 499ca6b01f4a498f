/**
 * Reads and drops what is left of a refused request's body before its answer goes out. A server that answers
 * early (a visitor's upload refused with 401 before its first byte is read) and then closes the socket with the
 * body still arriving makes the kernel reset the connection, and a client behind nginx (which streams bodies,
 * deploy/nginx.conf) then sees ECONNRESET instead of the 401. A body longer than `maxBytes` (by its
 * Content-Length, or counted) is not read on: its sender is cut off, as no such upload could be taken anyway.
 */
export async function discardUnreadBody(request: Request, maxBytes: number): Promise<void> {
  const body = request.body;
  if (!body || request.bodyUsed || body.locked) return;
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return;
  let read = 0;
  try {
    for await (const chunk of body) {
      read += chunk.byteLength;
      if (read > maxBytes) break;
    }
  } catch {
    // The client went away: there is no one left to answer.
  }
}
