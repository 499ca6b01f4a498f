import { call } from "./api";
import type { TestServer } from "./server";

/**
 * Polls GET /api/track/{id}/audio-conversion-status?format= until it reads `expected` (30 s at most) and returns
 * the last status read, for the caller to assert.
 */
export async function waitForConversion(
  server: TestServer,
  token: string,
  trackId: string,
  format: "wav" | "flac",
  expected = "COMPLETED",
): Promise<string> {
  let status = "";
  for (let attempt = 0; attempt < 300 && status !== expected; attempt++) {
    await Bun.sleep(100);
    const reply = await call<{ data: { conversionStatus: string } }>(
      server,
      "GET",
      `/track/${trackId}/audio-conversion-status?format=${format}`,
      { token },
    );
    status = reply.body.data.conversionStatus;
  }
  return status;
}
