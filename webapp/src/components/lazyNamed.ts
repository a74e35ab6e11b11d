import { type ComponentType, lazy, type LazyExoticComponent } from "react";

// React's lazy takes a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * A component that a lazily loaded module exports by name: `load` brings the
 * module (with the rest of the catalog, `withFullCatalog`, or with a time
 * limit, `loadChunk`), and the component renders once it is there. React's
 * own lazy wants the component as the module's default export.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
