import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "../singleton.server";

/**
 * Whether a piece of work (a page's loader) asked the tracking service anything. Only such a page
 * can lose its data to an outage, so only its answer is worth keeping as a last good copy
 * (kept-copy.server.ts); pages that read our own tables or caches skip that work.
 */
const store = singleton("upstream-usage", () => new AsyncLocalStorage<{ used: boolean }>());

export async function withUpstreamUsage<T>(run: () => Promise<T>): Promise<[T, boolean]> {
  const scope = { used: false };
  const result = await store.run(scope, run);
  return [result, scope.used];
}

/** Called by the client on every call it makes. */
export function noteUpstreamUse() {
  const scope = store.getStore();
  if (scope) scope.used = true;
}
