/**
 * The GET filters of the trips, timeline, logbook and distance screens (they work without
 * JavaScript, so everything lives in the query string). Invalid input falls back to defaults.
 */
import { z } from "zod";
import { type Period } from "./logbook-summary";
import { addDays, dayKey } from "~/lib/zoned-days";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)));

/** Today in the time zone and a default period ending today (`days` long). */
export function dayRange(
  params: URLSearchParams,
  timeZone: string,
  defaultDays: number,
  maxDays: number,
  now = Date.now(),
) {
  const today = dayKey(now, timeZone);
  let to = day.safeParse(params.get("to")).success ? params.get("to")! : today;
  let from = day.safeParse(params.get("from")).success
    ? params.get("from")!
    : addDays(to, -(defaultDays - 1));
  if (from > to) [from, to] = [to, from];
  let clamped = false;
  if (Date.parse(to) - Date.parse(from) > (maxDays - 1) * 86_400_000) {
    from = addDays(to, -(maxDays - 1));
    clamped = true;
  }
  return { from, to, today, clamped };
}

export function purposeParam(params: URLSearchParams): "all" | "business" | "private" {
  const p = params.get("purpose");
  return p === "business" || p === "private" ? p : "all";
}

export function periodParam(params: URLSearchParams): Period {
  const p = params.get("period");
  return p === "week" || p === "month" ? p : "day";
}

/** Copies the query with some keys changed (null removes a key). */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  const s = next.toString();
  return s ? `?${s}` : "";
}

/** One page of a list (1-based `?page=`), clamped to the pages there are. */
export function pageOf<T>(
  items: readonly T[],
  params: URLSearchParams,
  size: number,
): { items: T[]; page: number; pages: number; total: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const asked = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(asked) ? Math.min(Math.max(1, asked), pages) : 1;
  return { items: items.slice((page - 1) * size, page * size), page, pages, total: items.length };
}
