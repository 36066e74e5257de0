// A verification CSV upload is kept per user, as the spec's storage bucket
// csv-uploads did: {DATA_DIR}/uploads/csv-uploads/{userId}/{timestamp}-{name}.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The file name reduced to letters, digits, dot, dash and underscore (no path, no dot-files), at most 100 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(-100);
  return cleaned || "upload.csv";
}

/** Stores the upload and returns its path. userId is the session's (never user input). */
export async function storeCsvUpload(
  dataDir: string,
  userId: string,
  fileName: string,
  bytes: Uint8Array,
  now = new Date(),
): Promise<string> {
  const dir = join(dataDir, "uploads", "csv-uploads", userId);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${now.getTime()}-${safeFileName(fileName)}`);
  await writeFile(path, bytes, { flag: "wx" });
  return path;
}

export const readCsvUpload = (path: string) => readFile(path);
