/**
 * Process-wide state (the Epic Stack's pattern). `remix dev` loads a fresh build on every change,
 * and server/boot.ts and the job worker import some modules outside the build, so module-level
 * variables would exist several times; keeping the value on globalThis under one key makes every
 * copy of a module share it.
 */
const KEY = "__tracksmithSingletons";

type Store = Map<string, unknown>;
const store = (): Store => {
  const g = globalThis as typeof globalThis & { [KEY]?: Store };
  return (g[KEY] ??= new Map());
};

/** The value kept under `name`, made by `make` the first time it is asked for in this process. */
export function singleton<T>(name: string, make: () => T): T {
  const values = store();
  if (!values.has(name)) values.set(name, make());
  return values.get(name) as T;
}
