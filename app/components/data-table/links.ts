/**
 * The pure part of the data table: the addresses its header and pager links point to, and what
 * they announce. Links keep every other parameter of the page (a search, a date range), so
 * sorting and paging work as plain GET links without JavaScript.
 */

import type { SortDir, TablePage, TableSort } from "~/lib/table-query";

/**
 * A header link sorts by its column (in `first` direction); on the column already sorted it flips
 * the direction.
 */
export function sortHref(
  search: string,
  column: string,
  current: TableSort | undefined,
  first: SortDir = "asc",
): string {
  const p = new URLSearchParams(search);
  const dir: SortDir = current?.by === column ? (current.dir === "asc" ? "desc" : "asc") : first;
  p.set("sort", column);
  p.set("dir", dir);
  // A new order starts at its first page: page 3 of another order shows unrelated rows.
  p.delete("page");
  return `?${p}`;
}

export function pageHref(search: string, page: number): string {
  const p = new URLSearchParams(search);
  if (page <= 1) p.delete("page");
  else p.set("page", String(page));
  const s = p.toString();
  return s ? `?${s}` : "?";
}

export function ariaSort(
  column: string,
  current: TableSort | undefined,
): "ascending" | "descending" | undefined {
  if (current?.by !== column) return undefined;
  return current.dir === "asc" ? "ascending" : "descending";
}

// A fixed locale: the server and the browser must print the same digits (hydration).
const count = new Intl.NumberFormat("en-US");

export function pageCount(paging: TablePage): number {
  return Math.max(1, Math.ceil(paging.total / paging.pageSize));
}

/** "Showing 1–50 of 1,234". */
export function showingText(paging: TablePage): string {
  if (paging.total === 0) return "Showing 0 of 0";
  const from = (paging.page - 1) * paging.pageSize + 1;
  const to = Math.min(paging.page * paging.pageSize, paging.total);
  return `Showing ${count.format(from)}–${count.format(to)} of ${count.format(paging.total)}`;
}

/** The same view as a file (`path`, e.g. /dashboard/fleet.csv): every filter and the order, not the page. */
export function fileHref(path: string, search: string): string {
  const p = new URLSearchParams(search);
  p.delete("page");
  const q = p.toString();
  return q ? `${path}?${q}` : path;
}
