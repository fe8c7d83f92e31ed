/**
 * The e-mail an approver gets when a step waits for them (or is escalated to them): the ticket in
 * a few lines and the link that decides it. Plain text first; the HTML part escapes everything.
 * The link's end is written in the company's time zone, named ("2 Mar 2026, 17:05 AEST").
 */
import { formatZonedLabelled } from "~/lib/zoned-time";

export type ApprovalMailInput = {
  to: string;
  ticketId: number;
  title: string;
  typeName: string;
  stepName: string;
  requester: string;
  reason: "waiting" | "escalated";
  link: string;
  expiresAt: Date;
  /** The company's time zone (IANA). */
  timeZone: string;
};

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function approvalMail(m: ApprovalMailInput) {
  const until = formatZonedLabelled(m.expiresAt, m.timeZone, "full");
  const subject = `${m.reason === "escalated" ? "Escalated: " : ""}Approve ticket #${m.ticketId}: ${m.title}`;
  const why =
    m.reason === "escalated"
      ? `The step "${m.stepName}" has waited too long and is escalated to you.`
      : `The step "${m.stepName}" is waiting for your decision.`;
  const lines = [
    why,
    "",
    `Ticket #${m.ticketId}: ${m.title}`,
    `Type: ${m.typeName}`,
    `Raised by: ${m.requester}`,
    "",
    `Approve or reject it here (no sign-in needed, works once, until ${until}):`,
    m.link,
    "",
    "If you did not expect this, ignore it: nothing happens until the link is used.",
  ];
  const html = [
    `<p>${esc(why)}</p>`,
    `<p><strong>Ticket #${m.ticketId}: ${esc(m.title)}</strong><br>Type: ${esc(m.typeName)}<br>Raised by: ${esc(m.requester)}</p>`,
    `<p><a href="${esc(m.link)}">Approve or reject ticket #${m.ticketId}</a></p>`,
    `<p>The link works once, until ${esc(until)}, without signing in.</p>`,
  ].join("\n");
  return { to: m.to, subject, text: lines.join("\n"), html };
}
