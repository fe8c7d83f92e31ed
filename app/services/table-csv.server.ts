/**
 * A list page's "Export CSV": a download route beside the page (/dashboard/fleet.csv) answers
 * with the rows the page would show, every filter and the order applied but not paged. The
 * columns are declared once per list (header and plain-text value), so the file says what the
 * table says.
 */
import { csvText, type CsvCell } from "./csv.server";
import { contentDisposition } from "~/services/file-transfer.server";

export type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

/** `fleet-2026-11-23.csv`: the list's name and the day (in the company's zone) it was taken. */
export function csvFileName(list: string, now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return `${list.replace(/[^a-z0-9-]+/gi, "-").toLowerCase()}-${day}.csv`;
}

export function csvDownload<T>(
  fileName: string,
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
): Response {
  const body = csvText(
    [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => c.value(r)))],
    // Excel reads UTF-8 (names with accents) only with the byte-order mark.
    { bom: true, recordDelimiter: "\r\n" },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
