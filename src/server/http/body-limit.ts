import { bodyLimit } from "hono/body-limit";
import { errorBody } from "../errors.ts";

/**
 * The largest request the API reads. A campaign can carry 10,000 contacts and
 * steps with inline images: a step's body is at most 7 MB with its images
 * (shared/sequences/body-size.ts), about 9.4 MB as base64 in JSON, so a
 * request holds several such steps and the bound is generous but finite: a
 * bigger body is refused before it is buffered (413, the JSON error body).
 */
export const MAX_REQUEST_BYTES = 40 * 1024 * 1024;

export function limitBody() {
  return bodyLimit({
    maxSize: MAX_REQUEST_BYTES,
    onError: (c) => c.json(errorBody("payload_too_large", "The request is too large (40 MB at most)"), 413),
  });
}
