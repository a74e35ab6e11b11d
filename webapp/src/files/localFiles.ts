import { saveDownloaded } from "../api/download";

/** The largest file the server stores (10 MB). */
export const maxFileBytes = 10 * 1024 * 1024;

/** Reads a chosen file's bytes. */
export async function readFileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/** Hands bytes to the browser as a download under the given name. */
export function saveFile(data: Uint8Array, contentType: string, fileName: string): void {
  const type = contentType || "application/octet-stream";
  saveDownloaded(
    { blob: new Blob([data as Uint8Array<ArrayBuffer>], { type }), contentType: type, fileName },
    fileName,
  );
}
