/**
 * The one line `npm start` prints when it cannot start: the error's message, or, for an error
 * without one (a library rejecting with nothing, an Error with only a code), what can be said of
 * it (name, code, where it was thrown) instead of "undefined".
 */
export function startFailureText(e: unknown): string {
  if (e instanceof Error && e.message.trim()) return e.message.trim();
  if (e === undefined || e === null)
    return "a start-up step failed without giving a reason (the lines above may say more)";
  if (typeof e !== "object") return String(e);
  const o = e as { name?: unknown; code?: unknown; stack?: unknown };
  const where = String(o.stack ?? "")
    .split("\n")
    .find((l) => /^\s+at /.test(l))
    ?.trim();
  const parts = [
    typeof o.name === "string" && o.name ? o.name : e.constructor?.name || "Error",
    o.code !== undefined && o.code !== "" ? `code ${String(o.code)}` : "",
    where ?? "",
  ].filter(Boolean);
  return `${parts.join(", ")} (no message)`;
}
