import type { TestServer } from "./server";

/** One Server-Sent Event as the stream sent it. */
export interface StreamedEvent {
  id: string | null;
  event: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  /** Every event received so far, in order. */
  events: StreamedEvent[];
  /** The first event (received already or later) that `matches`; fails after `timeoutMs`, a guard against a hang. */
  next(matches: (event: StreamedEvent) => boolean, timeoutMs?: number): Promise<StreamedEvent>;
  close(): void;
}

/** A session's events token (POST /api/events/token). */
export async function eventsToken(server: TestServer, sessionToken: string): Promise<string> {
  const response = await fetch(`${server.url}/api/events/token`, {
    method: "POST",
    headers: { authorization: `Bearer ${sessionToken}` },
  });
  if (response.status !== 200) throw new Error(`events token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * GET /api/events with `query` (token, tracks, lastEventId) and `headers` (Last-Event-ID), read as EventSource
 * reads it: frames split on blank lines, comment lines skipped. A refused stream has its status and no events.
 */
export async function openEventStream(
  server: TestServer,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/api/events?${new URLSearchParams(query)}`, { headers, signal: abort.signal });
  const events: StreamedEvent[] = [];
  const waiting = new Set<() => void>();
  if (response.status === 200 && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of response.body as ReadableStream<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const lines = buffer.slice(0, end).split("\n");
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
            const event = field("event");
            if (!event) continue;
            events.push({ id: field("id"), event, data: JSON.parse(field("data") ?? "null") });
            for (const wake of waiting) wake();
          }
        }
      } catch {
        // Closed by the test.
      }
    })();
  } else await response.body?.cancel();
  return {
    status: response.status,
    events,
    async next(matches, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(matches);
        if (found) return found;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`no matching event; received ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, remaining);
          waiting.add(wake);
        });
      }
    },
    close: () => abort.abort(),
  };
}
