// Images in a rich-text body are embedded inline as data: URLs (the spec's
// "embedded inline"): no upload storage, and the message carries its images.
// Size is capped because every byte is sent to every contact.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The raster types mail clients show inline (the stored-HTML allow-list keeps only these; SVG can carry script). */
export const EMBEDDABLE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** The spec's messages, or null when the file may be embedded. */
export function imageFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!file.type.startsWith("image/")) return "Please select an image file";
  if (!EMBEDDABLE_IMAGE_TYPES.includes(file.type)) return "Please select a PNG, JPEG, GIF or WebP image";
  if (file.size > MAX_IMAGE_BYTES) return "Please select an image smaller than 5MB";
  return null;
}

export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("unexpected read result"));
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}
