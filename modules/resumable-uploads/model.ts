/**
 * For the OpenAPI document only: tus answers carry headers, never a body. `headers` names what each answer sets.
 */
const header = (description: string) => ({ description, schema: { type: "string" as const } });

export const tusHeaders = {
  tusResumable: header("1.0.0"),
  uploadOffset: header("Bytes received so far"),
  uploadLength: header("The upload's declared length"),
  uploadExpires: header("When the upload is deleted if not finished and used (RFC 9110 date)"),
  location: header("The new upload's URL: /api/uploads/{id}"),
};

/** A refusal's meaning here; its body is the one error shape, which the published document gives every 4xx. */
const refusal = (description: string) => ({ description });

/** The refusals every tus request may meet. */
export const tusRefusals = {
  400: refusal("A header is missing or malformed"),
  401: refusal("Not signed in"),
  404: refusal("No such upload of the caller's"),
  410: refusal("The upload has expired"),
  412: refusal("Tus-Resumable is missing or not 1.0.0"),
};

/** The refusals of a request that carries bytes. */
export const bytesRefusals = {
  409: refusal("Upload-Offset is not where the upload is, or the upload was already used"),
  411: refusal("Bytes sent without Content-Length"),
  413: refusal("Past MAX_UPLOAD_MB, the pending-uploads cap, or the upload's Upload-Length"),
  415: refusal("The body is not application/offset+octet-stream"),
};
