/**
 * What a reader who may not manage automations sees of their actions (issue 36): a webhook
 * address is a credential (Slack and Teams put the key in the path), so only its host; an e-mail
 * address with its name cut to the first letter.
 */
import type { Action } from "~/lib/automations/model";

/** "ops@example.com" -> "o…@example.com"; anything else that is not an address: "…". */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "…";
  return `${email[0]}…@${email.slice(at + 1)}`;
}

/** "Webhook to hooks.slack.com", or "Webhook" when the address does not parse. */
export function maskedWebhook(url: string): string {
  try {
    return `Webhook to ${new URL(url).hostname}`;
  } catch {
    return "Webhook";
  }
}

export function maskedAction(a: Action): Action {
  switch (a.kind) {
    case "webhook":
      return { ...a, url: maskedWebhook(a.url) };
    case "notify":
      return { ...a, email: a.email ? maskedEmail(a.email) : a.email };
    case "fill_link":
    case "email_report":
      return { ...a, email: maskedEmail(a.email) };
    default:
      return a;
  }
}
