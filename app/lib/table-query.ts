/**
 * Server-side sort and page of an in-memory list for a data table. The table's state lives in the
 * address (`?sort=&dir=&page=`), so every value read here is untrusted and falls back to the
 * page's default instead of failing.
 */

import { compareTextNumeric } from "./text-order";

export type SortDir = "asc" | "desc";
export type TableSort<S extends string = string> = { by: S; dir: SortDir };
export type TablePage = { page: number; pageSize: number; total: number };
export type SortKey = string | number | null | undefined;

export function parseTableSort<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  fallback: TableSort<S>,
): TableSort<S> {
  const by = params.get("sort");
  if (!by || !(sorts as readonly string[]).includes(by)) return fallback;
  return { by: by as S, dir: params.get("dir") === "desc" ? "desc" : "asc" };
}

/** 1-based; anything that is not a positive whole number is the first page. */
export function parsePage(params: URLSearchParams): number {
  const n = Number(params.get("page"));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function compareKeys(a: SortKey, b: SortKey): number {
  return typeof a === "number" && typeof b === "number"
    ? a - b
    : compareTextNumeric(String(a), String(b));
}

const unknown = (k: SortKey) => k === null || k === undefined || Number.isNaN(k);

/**
 * Sorts a copy by the key of the chosen column. Rows without a value go last in either direction
 * (an unknown speed is not the slowest), and `tie` keeps equal keys in a stable, meaningful order
 * whichever way the column runs.
 */
export function sortRows<T, S extends string>(
  rows: readonly T[],
  sort: TableSort<S>,
  keys: Record<S, (row: T) => SortKey>,
  tie: (a: T, b: T) => number = () => 0,
): T[] {
  const key = keys[sort.by];
  const sign = sort.dir === "desc" ? -1 : 1;
  return rows
    .map((row) => ({ row, k: key(row) }))
    .sort((a, b) => {
      const ua = unknown(a.k);
      const ub = unknown(b.k);
      if (ua || ub) return ua === ub ? tie(a.row, b.row) : ua ? 1 : -1;
      return sign * compareKeys(a.k, b.k) || tie(a.row, b.row);
    })
    .map((x) => x.row);
}

/** One page of the list; a page past the end shows the last page rather than nothing. */
export function pageRows<T>(
  rows: readonly T[],
  page: number,
  pageSize: number,
): { rows: T[]; paging: TablePage } {
  const last = Math.max(1, Math.ceil(rows.length / pageSize));
  const p = Math.min(Math.max(1, Math.floor(page)), last);
  return {
    rows: rows.slice((p - 1) * pageSize, p * pageSize),
    paging: { page: p, pageSize, total: rows.length },
  };
}
