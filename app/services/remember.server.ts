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
