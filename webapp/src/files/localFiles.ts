import { saveDownloaded } from "../api/download";

/** The largest file the server stores (10 MB). */
export const maxFileBytes = 10 * 1024 * 1024;

/** Reads a chosen file's bytes, through FileReader, which every browser (and jsdom, unlike Blob.arrayBuffer) offers. */
export function readFileBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error(`cannot read ${file.name}`));
    reader.readAsArrayBuffer(file);
  });
}

/** Hands bytes to the browser as a download under the given name. */
export function saveFile(data: Uint8Array, contentType: string, fileName: string): void {
  const type = contentType || "application/octet-stream";
  saveDownloaded(
    { blob: new Blob([data as Uint8Array<ArrayBuffer>], { type }), contentType: type, fileName },
    fileName,
  );
}
