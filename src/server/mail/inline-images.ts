// A step's inline images (the editor stores them as data: URIs in the body, up
// to the spec's 5 MB each) become MIME parts referenced by cid:, computed once
// per step version rather than once per contact. Filled per contact, a body
// that carried its images as base64 text was copied, merge-tagged, sanitised
// and posted to the delivery thread whole for every message: with a step near
// the 7 MB limit that starved the event loop (issue 26;
// docs/decisions/017-launch-wakes-the-worker-fencing-liveness.md). Now the per-contact
// work is on the text alone, and each image's bytes sit once in shared memory
// (a SharedArrayBuffer, which postMessage passes to the delivery thread without
// copying). Mail clients that block data: images (Gmail among them) show
// cid: parts, so receivers see the images too.
import { createHash } from "node:crypto";

export type InlineImage = {
  /** Content-ID without brackets; the body refers to it as cid:{cid}. */
  cid: string;
  contentType: string;
  filename: string;
  /** The decoded bytes, in shared memory. */
  content: Uint8Array;
};

export type BodyWithImages = { body: string; images: InlineImage[] };

/** src="data:image/…;base64,…" (either quote), the image types mail clients show. */
const DATA_IMAGE_SRC = /(\bsrc\s*=\s*)(["'])data:(image\/(?:png|jpeg|jpg|gif|webp));base64,([A-Za-z0-9+/=\s]+?)\2/gi;

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** Moves every data: image of an HTML body into a part of its own; the same image twice is one part. */
export function extractInlineImages(html: string): BodyWithImages {
  const images = new Map<string, InlineImage>();
  const body = html.replace(DATA_IMAGE_SRC, (_match, prefix: string, quote: string, type: string, data: string) => {
    const decoded = Buffer.from(data.replace(/\s+/g, ""), "base64");
    const cid = `${createHash("sha256").update(decoded).digest("hex").slice(0, 32)}@inline.coldreach`;
    if (!images.has(cid)) {
      const content = new Uint8Array(new SharedArrayBuffer(decoded.length));
      content.set(decoded);
      const contentType = type.toLowerCase() === "image/jpg" ? "image/jpeg" : type.toLowerCase();
      images.set(cid, {
        cid,
        contentType,
        filename: `image-${images.size + 1}.${EXTENSIONS[type.toLowerCase()] ?? "bin"}`,
        content,
      });
    }
    return `${prefix}${quote}cid:${cid}${quote}`;
  });
  return { body, images: [...images.values()] };
}

/**
 * extractInlineImages, remembered for the most recent step versions (a worker
 * sends the same few steps batch after batch).
 */
export function createInlineImageCache(size = 32) {
  const entries = new Map<string, BodyWithImages>();
  return (key: string, html: string): BodyWithImages => {
    const known = entries.get(key);
    if (known) {
      entries.delete(key);
      entries.set(key, known);
      return known;
    }
    const made = extractInlineImages(html);
    entries.set(key, made);
    if (entries.size > size) entries.delete(entries.keys().next().value!);
    return made;
  };
}
