import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { formatFileSize } from "../../shared/file-size";
import { badRequest, environmentFault, HttpError, payloadTooLarge } from "../errors";

/** One uploaded file, already on local disk under a server-made name. */
export interface StagedFile {
  /** The name the client gave it: only ever used for its extension and for messages. */
  name: string;
  path: string;
  size: number;
}

export interface MultipartLimits {
  /** File fields accepted: how many files each may carry and what to say past that. Others are a 400. */
  files: Record<string, { max: number; tooMany: string }>;
  /** The whole body, in bytes. */
  maxBytes: number;
  /** Each text field, in bytes. */
  maxFieldBytes: number;
  /** Fields also taken when sent as a file part (a JSON Blob with its own content type), read as text. */
  textParts?: string[];
}

export interface ReceivedMultipart {
  fields: Record<string, string>;
  files: Record<string, StagedFile[]>;
}

/**
 * Streams a multipart/form-data request to disk: every file part goes straight into `folder` (no
 * upload is ever held in memory, so originals and stems of several GB fit a small box), text fields
 * are kept. Over `maxBytes` (by Content-Length up front, or by counting a body without one) is a
 * 413 with the limit in the message. The caller owns `folder` and removes it, written or not.
 */
export async function receiveMultipart(request: Request, folder: string, limits: MultipartLimits): Promise<ReceivedMultipart> {
  const tooLarge = payloadTooLarge(`The upload is larger than the ${formatFileSize(limits.maxBytes)} limit`);
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw badRequest("Send the upload as multipart/form-data");
  if (Number(request.headers.get("content-length") ?? 0) > limits.maxBytes) throw tooLarge;
  if (!request.body) throw badRequest("The upload is empty");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: limits.maxFieldBytes, parts: 1_000 },
    });
  } catch {
    throw badRequest("The multipart body has no boundary");
  }

  const received: ReceivedMultipart = { fields: {}, files: {} };
  const writes: Promise<void>[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
  };

  const fieldTooLarge = (name: string) => badRequest(`The ${name} field is larger than ${formatFileSize(limits.maxFieldBytes)}`);

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(fieldTooLarge(name));
    else received.fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (limits.textParts?.includes(name)) {
      writes.push(
        readTextPart(stream, limits.maxFieldBytes).then((text) => {
          if (text === null) fail(fieldTooLarge(name));
          else received.fields[name] = text;
        }),
      );
      return;
    }
    const field = limits.files[name];
    const list = received.files[name] ?? [];
    if (!field || list.length >= field.max) {
      stream.resume();
      fail(badRequest(field ? field.tooMany : `Unexpected file field ${name}`));
      return;
    }
    received.files[name] = list;
    // The client's file name never reaches the disk: it is kept only for its extension and messages.
    const staged: StagedFile = { name: info.filename ?? "", path: join(folder, `${name}-${list.length}`), size: 0 };
    list.push(staged);
    stream.on("data", (chunk: Buffer) => {
      staged.size += chunk.length;
    });
    writes.push(writePart(stream, staged.path, fail));
  });

  let bytes = 0;
  const counted = (request.body as unknown as NodeWebStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        if (bytes > limits.maxBytes) controller.error(tooLarge);
        else controller.enqueue(chunk);
      },
    }) as never,
  );
  try {
    await pipeline(Readable.fromWeb(counted as NodeWebStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    if (error instanceof HttpError) throw error;
    // A full disk is the server's fault, not a malformed body.
    throw environmentFault(error) ?? badRequest("The upload was interrupted or its multipart body is malformed");
  }
  if (failure) throw failure;
  return received;
}

/**
 * Writes one file part to `path`; settles once the file is closed, never rejects. A write that fails
 * (a full disk) is reported through `fail` and the rest of the part is drained, so the parser goes on
 * to the end of the body and the request gets its answer; a rejection here, unawaited while the body
 * is still being parsed, would be unhandled and end the whole server.
 */
function writePart(stream: Readable, path: string, fail: (error: Error) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const file = createWriteStream(path);
    file.on("close", resolve);
    file.on("error", (error) => {
      fail(environmentFault(error) ?? badRequest("The upload could not be written"));
      stream.unpipe(file);
      stream.resume();
    });
    // The body ended early or broke: the parser's own error answers the request.
    stream.on("error", () => file.destroy());
    stream.on("close", () => {
      if (!stream.readableEnded) file.destroy();
    });
    stream.pipe(file);
  });
}

/** A small part's text, or null (and the rest skipped) once it passes `maxBytes`. */
async function readTextPart(stream: Readable, maxBytes: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size <= maxBytes ? Buffer.concat(chunks).toString("utf8") : null;
}
