/**
 * Breach notifications: a breach of a pour's limit set that has lasted the rule's "after" minutes
 * is sent to the rule's people by its channels (in the app, push, email). Once per breach, and
 * never lost (issue 37): what the breach owes is written to the outbox first, held, one row per
 * person and channel keyed by the breach; then the upstream records the claim (POST
 * /concrete/breachnotices answers created: true once, and the pour page lists it); then the rows
 * are released to the outbox worker, which sends them until they are taken. A crash between the
 * steps leaves held rows that the next check releases (the claim is ours: it was held here first);
 * a breach the upstream had claimed before we held anything was notified already and is dropped.
 * Push goes with the in-app notification it opens.
 */
import {
  cancelOwed,
  kickOutbox,
  owe,
  owedStates,
  releaseOwed,
  type Owed,
} from "~/modules/notifications/index.server";
import { prisma } from "~/services/db.server";
import { BREACH_LABELS, breachFigure, type Breach } from "./pour-analysis";
import { up, type Caller } from "./pours.server";
import {
  claimNotice,
  listPeople,
  listPours,
  listRules,
  type LimitRule,
  type Pour,
} from "./pours-upstream.server";
import { breachesOf, pourInputs } from "./view-pour.server";

/** Breaches that ended longer ago than this are history, not news. */
const RECENT_MS = 24 * 3_600_000;

export function breachText(pour: Pick<Pour, "id" | "element">, b: Breach) {
  // Canonical (°C) text: the feed and each push show it in the reader's unit (inReaderUnits).
  const value = `${breachFigure(b.kind, b.peak, "metric")} (limit ${breachFigure(b.kind, b.threshold, "metric")})`;
  return {
    title: `${pour.element}: ${BREACH_LABELS[b.kind].toLowerCase()}`,
    body: `${BREACH_LABELS[b.kind]}: ${value}, limit set ${b.limitName}, since ${new Date(b.start).toISOString()}${b.end ? ` until ${new Date(b.end).toISOString()}` : ""}.`,
    link: `/concrete/view-pour/${pour.id}`,
  };
}

/** The breaches a rule says to send now (pure). */
export function due(breaches: readonly Breach[], rules: readonly LimitRule[], now: number) {
  const out: Array<{ breach: Breach; rule: LimitRule }> = [];
  for (const b of breaches) {
    const rule = rules.find((r) => r.limit_id === b.limitId && r.active);
    if (!rule) continue;
    const lasted = (b.end ?? now) - b.start;
    if (lasted < rule.after_minutes * 60_000) continue;
    if (b.end !== null && now - b.end > RECENT_MS) continue;
    out.push({ breach: b, rule });
  }
  return out;
}

/** What one breach owes, one outbox row per person and channel, keyed by the breach (pure). */
export function owedFor(
  companyId: number,
  pour: Pick<Pour, "id" | "element">,
  breach: Breach,
  rule: LimitRule,
  people: ReadonlyArray<{ id: number; email?: string | null }>,
): Owed[] {
  const text = breachText(pour, breach);
  const key = `concrete-breach:${companyId}:${breach.id}`;
  return rule.user_ids.flatMap((userId): Owed[] => {
    const email = people.find((p) => p.id === userId)?.email;
    return [
      ...(rule.channels.includes("inapp") || rule.channels.includes("push")
        ? [
            {
              companyId,
              key: `${key}:${userId}:notice`,
              notice: {
                userId,
                companyId,
                kind: "concrete_breach",
                ...text,
                imei: breach.imei,
                eventId: `concrete:${breach.id}`,
                push: rule.channels.includes("push"),
              },
            },
          ]
        : []),
      ...(rule.channels.includes("email") && email
        ? [
            {
              companyId,
              key: `${key}:${userId}:mail`,
              mail: {
                to: email,
                subject: text.title,
                text: `${text.body}\n\nOpen the pour: ${text.link}\n`,
              },
            },
          ]
        : []),
    ];
  });
}

/** Sends what is owed for one pour's breaches; returns how many breaches were sent this time. */
export async function notifyBreaches(
  ctx: Caller,
  pour: Pick<Pour, "id" | "element">,
  breaches: readonly Breach[],
  now = Date.now(),
): Promise<number> {
  const api = up(ctx);
  const owed = due(breaches, await listRules(api), now);
  if (!owed.length) return 0;
  const people = await listPeople(api);
  let sent = 0;
  for (const { breach, rule } of owed) {
    const messages = owedFor(ctx.auth.companyId, pour, breach, rule, people);
    const keys = messages.map((m) => m.key);
    const fresh = await owe(prisma, messages, "held");
    const held = (await owedStates(keys)).filter((r) => r.state === "held").map((r) => r.key);
    // Nothing held: told (or dropped) on an earlier pass.
    if (keys.length && !held.length) continue;
    const claim = await claimNotice(api, {
      breach_id: breach.id,
      pour_id: pour.id,
      limit_id: breach.limitId,
      kind: breach.kind,
      started_at: new Date(breach.start).toISOString(),
      user_ids: rule.user_ids,
      channels: rule.channels,
    });
    // Held before this pass: a pass that died after claiming; the claim was ours.
    const ours = claim.created || held.some((k) => !fresh.includes(k));
    if (!ours) {
      await cancelOwed(held, "the upstream had this breach notified already");
      continue;
    }
    await releaseOwed(held);
    sent++;
  }
  // Background work: wait for the outbox's pass, so the check's log says what went out.
  if (sent) await kickOutbox();
  return sent;
}

/** One pass over a company's active pours with limit sets. */
export async function checkCompanyPours(ctx: Caller, now = Date.now()): Promise<number> {
  const pours = (await listPours(up(ctx))).filter(
    (p) => p.status === "active" && p.limit_set_ids.length,
  );
  let sent = 0;
  for (const p of pours) {
    const inputs = await pourInputs(ctx, p.id, now);
    sent += await notifyBreaches(ctx, p, breachesOf(inputs), now);
  }
  return sent;
}
