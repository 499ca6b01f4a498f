import { randomFillSync } from "node:crypto";
import { open } from "node:fs/promises";

/**
 * Writes a WAV of `dataBytes` bytes of white noise to `path`, a megabyte at a time: a valid original of any size
 * without holding it in memory. 8 channels of 32-bit at 192 kHz make it dense (200 MB is 34 s), so the tests that
 * send large files do not wait minutes for its MP3.
 */
const [CHANNELS, RATE] = [8, 192_000];

export async function writeNoiseWav(path: string, dataBytes: number): Promise<void> {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * CHANNELS * 4, 28);
  header.writeUInt16LE(CHANNELS * 4, 32);
  header.writeUInt16LE(32, 34);
  header.write("data", 36);
  header.writeUInt32LE(dataBytes, 40);
  const file = await open(path, "w");
  try {
    await file.write(header);
    const block = Buffer.alloc(1024 * 1024);
    for (let left = dataBytes; left > 0; left -= block.length) {
      // A fresh block each time, so no stretch of the file repeats another (a wrong offset would show in its hash).
      randomFillSync(block);
      await file.write(block, 0, Math.min(block.length, left));
    }
  } finally {
    await file.close();
  }
}
