/**
 * The e-mails a fired automation run owes (its notify-by-email, fill-in link and report actions).
 * They are written to the outbox in the transaction that claims the run (runner.server.ts), keyed
 * by rule, event and action, so a crash after the claim cannot lose them and a re-run owes none
 * twice; the outbox worker sends them (retried with backoff, one Message-ID per mail).
 */
import type { Decision } from "~/lib/automations/engine";
import type { Automation, DeviceEvent } from "~/lib/automations/model";
import type { Owed } from "~/modules/notifications/index.server";

export const runText = (e: DeviceEvent, d: Decision) =>
  `${e.kind.replace(/_/g, " ")}${e.imei ? ` · vehicle ${e.imei}` : ""} at ${new Date(e.time).toISOString()}: ${d.reason}`;

/** One owed mail per e-mail action of `rule` fired by `d` on `e`. */
export function owedRunMails(
  companyId: number,
  rule: Automation,
  e: DeviceEvent,
  d: Decision,
  baseUrl: string,
): Owed[] {
  const title = `Automation: ${rule.name}`;
  const body = runText(e, d);
  return rule.actions.flatMap((a, i) => {
    const mail = (to: string, subject: string, text: string): Owed => ({
      key: `auto:${rule.id}:${e.id}:${i}`,
      companyId,
      mail: { to, subject, text },
    });
    if (a.kind === "notify" && a.channels.includes("email") && a.email)
      return [mail(a.email, title, `${body}\n`)];
    if (a.kind === "fill_link")
      return [
        mail(
          a.email,
          `Please fill in: ${rule.name}`,
          `${body}\n\nPlease fill in the form: ${baseUrl}/forms/${a.linkId}\n`,
        ),
      ];
    if (a.kind === "email_report")
      return [
        mail(
          a.email,
          `Report: ${rule.name}`,
          [
            `Automation report: ${rule.name}`,
            "",
            `Event: ${e.kind}`,
            `Vehicle: ${e.imei ?? "(none)"}`,
            `Time: ${new Date(e.time).toISOString()}`,
            `Why it fired: ${d.reason}`,
            "",
          ].join("\n"),
        ),
      ];
    return [];
  });
}
