// Uploads one file with tus-js-client under Node (an independent client of /api/uploads), retrying through network
// losses: `node tus-node-upload.mjs ENDPOINT TOKEN FILE NAME`. Prints {"url", "retries"} once the upload is finished.
import { readFileSync } from "node:fs";
import { Upload } from "tus-js-client";

const [endpoint, token, path, name, chunkBytes] = process.argv.slice(2);
const file = readFileSync(path);
let retries = 0;
const upload = new Upload(file, {
  endpoint,
  headers: { authorization: `Bearer ${token}` },
  metadata: { filename: name },
  ...(chunkBytes ? { chunkSize: Number(chunkBytes) } : {}),
  // Each loss is retried at once, then with back-off; progress since the last try starts the count again.
  retryDelays: [0, 100, 300, 1000, 2000, 3000, 5000, 5000, 5000, 5000],
  onShouldRetry: () => {
    retries++;
    return true;
  },
});
await new Promise((resolve, reject) => {
  upload.options.onSuccess = resolve;
  upload.options.onError = reject;
  upload.start();
});
console.log(JSON.stringify({ url: upload.url, retries }));
