import { withConnection } from "../api/connection";
import { withFullCatalog } from "../i18n/activateLocale";

/** Spec 1 §8: a page's code that takes longer than two minutes to arrive counts as failed. */
const chunkTimeoutMs = 120_000;

/**
 * Loads a lazily split part of the app, with the rest of the catalog and the
 * connection to the services (api/connection.tsx), failing
 * after the time limit so the error page appears instead of an endless wait.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("chunk load timed out")), chunkTimeoutMs);
  });
  return Promise.race([withConnection(withFullCatalog(load())), timeout]).finally(() => clearTimeout(timer));
}
