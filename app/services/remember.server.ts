import { singleton } from "~/services/singleton.server";

const memo = singleton("remember", () => new Map<string, { at: number; value: unknown }>());

/**
 * The value made for `key` in the last `ttlMs`, else made now and kept: slow-changing upstream
 * lists (tags, groups, vehicles, time zones) are asked for once a minute, not on every page.
 */
export async function remember<T>(key: string, ttlMs: number, make: () => Promise<T>): Promise<T> {
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as T;
  const value = await make();
  memo.set(key, { at: Date.now(), value });
  return value;
}

/** Whether anything is kept for `key`, however old: a caller's cold path can then do its extra work. */
export const isKept = (key: string): boolean => memo.has(key);

const making = singleton("remember-making", () => new Map<string, Promise<unknown>>());

/**
 * For a page's extras that must never hold it up: a kept value is answered at once, however old,
 * and one older than `ttlMs` is made again in the background (one call per key at a time). With
 * nothing kept yet the caller waits at most `waitMs`, then gets `fallback` while the call goes on
 * and fills the memo for the next page; a call that fails leaves the kept value as it was.
 */
export async function rememberStale<T>(
  key: string,
  ttlMs: number,
  waitMs: number,
  fallback: T,
  make: () => Promise<T>,
): Promise<T> {
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as T;
  let run = making.get(key) as Promise<T> | undefined;
  if (!run) {
    run = make().then((value) => {
      memo.set(key, { at: Date.now(), value });
      return value;
    });
    const made = run;
    making.set(key, made);
    void made.then(
      () => making.delete(key),
      () => making.delete(key),
    );
  }
  if (hit) return hit.value as T;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), waitMs);
  });
  try {
    return await Promise.race([run, late]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}
