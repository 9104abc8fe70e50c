/**
 * A fresh copy of a module and everything it imports, as after a page reload. jotai keeps its default store
 * on globalThis to warn about duplicate copies; a reload in a test is a deliberate copy, so it is forgotten.
 */
export function loadFresh<T>(load: () => T): T {
  delete (globalThis as { __JOTAI_DEFAULT_STORE__?: unknown }).__JOTAI_DEFAULT_STORE__;
  let loaded!: T;
  jest.isolateModules(() => {
    loaded = load();
  });
  return loaded;
}
