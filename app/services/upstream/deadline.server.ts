import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "../singleton.server";

/**
 * A page's total upstream budget. The client's timeout and retries are per call; a page that makes
 * several calls, each retried, could wait 3 × 4 s per call. Inside `withUpstreamDeadline` every call
 * gets at most what is left of the page's budget and no retry starts once it is spent, so the
 * page answers (from the cache, with its notice) within the budget. Process-wide storage: the
 * HTTP front (outside the build) opens the scope and the build's client reads it.
 */
const store = singleton("upstream-deadline", () => new AsyncLocalStorage<{ until: number }>());

export function withUpstreamDeadline<T>(budgetMs: number, run: () => T): T {
  return store.run({ until: Date.now() + budgetMs }, run);
}

/** Milliseconds left of the current page's budget; undefined outside a page (jobs, streams). */
export function upstreamTimeLeft(): number | undefined {
  const scope = store.getStore();
  return scope ? scope.until - Date.now() : undefined;
}
