/** Recipients of a scheduled report: typed as a list separated by commas, semicolons or new lines. */
export const MAX_RECIPIENTS = 50;

// Deliberately plain: one @, a dot in the domain, no spaces or angle brackets (no display names).
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(s: string): boolean {
  return s.length <= 254 && EMAIL.test(s);
}

export type RecipientsResult = { ok: true; emails: string[] } | { ok: false; error: string };

/** Validated, de-duplicated (case-insensitively), lower-cased recipients, or one clear message. */
export function parseRecipients(input: string | string[]): RecipientsResult {
  const parts = (Array.isArray(input) ? input.join("\n") : input)
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = parts.filter((p) => !isEmail(p));
  if (invalid.length) {
    const shown = invalid
      .slice(0, 5)
      .map((s) => `"${s.slice(0, 60)}"`)
      .join(", ");
    return {
      ok: false,
      error: `Not a valid email address: ${shown}${invalid.length > 5 ? ` and ${invalid.length - 5} more` : ""}. Nothing was saved.`,
    };
  }
  const emails = [...new Set(parts.map((p) => p.toLowerCase()))];
  if (!emails.length) return { ok: false, error: "Add at least one recipient email address." };
  if (emails.length > MAX_RECIPIENTS)
    return {
      ok: false,
      error: `At most ${MAX_RECIPIENTS} recipients; you entered ${emails.length}. Nothing was saved.`,
    };
  return { ok: true, emails };
}
