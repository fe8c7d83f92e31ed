/**
 * A page served from its last good copy while the tracking service does not answer
 * (app/services/kept-copy.server.ts) carries this field in its loader data; KeptCopyNotice says so.
 */
export const KEPT_FIELD = "__keptCopy";
export type KeptMark = { ageMinutes: number };

export function keptCopyText(mark: KeptMark): string {
  const age =
    mark.ageMinutes < 1
      ? "less than a minute ago"
      : mark.ageMinutes < 120
        ? `${mark.ageMinutes} minute${mark.ageMinutes === 1 ? "" : "s"} ago`
        : `${Math.round(mark.ageMinutes / 60)} hours ago`;
  return `The tracking service is not answering: this page shows what it had ${age}, and changes may not be saved.`;
}

export function keptMarkOf(data: unknown): KeptMark | null {
  if (!data || typeof data !== "object") return null;
  const mark = (data as Record<string, unknown>)[KEPT_FIELD] as KeptMark | undefined;
  return mark && typeof mark.ageMinutes === "number" ? mark : null;
}
