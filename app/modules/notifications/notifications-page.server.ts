/**
 * Loader and action of /dashboard/notifications: the feed, the alert rules and the subscribed
 * browsers of the signed-in user. Every form posts without JavaScript; errors come back per field
 * with what the user typed.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { alertRuleSchema, CHANNEL_LABELS, type Channel } from "./alert-rule-match";
import type { ModuleContext } from "~/services/guard.server";
import {
  createRule,
  deleteRule,
  foreignImeis,
  listRules,
  ruleChoices,
  sendTest,
  setRuleEnabled,
  updateRule,
} from "./alert-rules.server";
import { logInfo } from "~/services/log.server";
import { feed, markAllRead, markRead, unreadCount } from "./notifications.server";
import { listSubscriptions, removeSubscription } from "./push.server";
import { companyTimeZone } from "~/services/company-time-zone.server";

const PAGE = "/dashboard/notifications";

function describeAgent(ua: string | null): string {
  if (!ua) return "A browser";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Android/.test(ua)
      ? "Android"
      : /iPhone|iPad/.test(ua)
        ? "iOS"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

const TIME_ZONES = [
  "UTC",
  ...(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []),
];

export async function notificationsLoader(ctx: ModuleContext, url: URL) {
  const { user } = ctx;
  const { token } = ctx.session;
  const unreadOnly = url.searchParams.get("filter") === "unread";
  const beforeRaw = url.searchParams.get("before");
  const before = beforeRaw && !Number.isNaN(Date.parse(beforeRaw)) ? new Date(beforeRaw) : null;
  const owner = { userId: user.username_id, companyId: user.companyid };
  const [page, unread, rules, subs, choices, timeZone] = await Promise.all([
    feed(user.username_id, { unreadOnly, before }),
    unreadCount(user.username_id),
    listRules(owner),
    listSubscriptions(user.username_id),
    ruleChoices(user.companyid, token),
    companyTimeZone({ token, companyId: user.companyid }).catch(() => "UTC"),
  ]);
  const editId = url.searchParams.get("edit");
  const editing = editId ? (rules.find((r) => r.id === editId) ?? null) : null;
  if (editId && !editing) throw new Response("Not found", { status: 404 });
  return json({
    feed: page,
    unreadOnly,
    before: before?.toISOString() ?? null,
    unread,
    rules,
    editing,
    subscriptions: subs.map((s) => ({
      id: s.id,
      endpoint: s.endpoint,
      label: describeAgent(s.userAgent),
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
    })),
    choices,
    timeZones: TIME_ZONES,
    defaultTimeZone: TIME_ZONES.includes(timeZone) ? timeZone : "UTC",
    saved: url.searchParams.get("saved"),
  });
}

const idSchema = z.string().min(1).max(40);
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: idSchema }),
  z.object({ intent: z.literal("read-all") }),
  z.object({
    intent: z.literal("rule-delete"),
    id: idSchema,
    confirm: z.literal("yes").optional(),
  }),
  z.object({ intent: z.literal("rule-toggle"), id: idSchema, enabled: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("rule-test"), id: idSchema }),
  z.object({ intent: z.literal("sub-remove"), id: idSchema, confirm: z.literal("yes").optional() }),
]);

export type RuleFormValues = Record<string, string | string[]>;
export type NotificationsActionData =
  | {
      intent: "rule-save";
      ruleId: string | null;
      errors: Record<string, string>;
      values: RuleFormValues;
    }
  | { intent: "rule-delete" | "sub-remove"; confirmFor: string }
  | { intent: "rule-test"; ruleId: string; message: string }
  | { intent: "error"; message: string };

/** Repeated fields (checkbox groups, multi-selects) stay lists; everything else a string. */
function valuesOf(form: FormData): RuleFormValues {
  const out: RuleFormValues = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).map(String);
    out[key] = ["kinds", "channels", "imeis", "groupIds"].includes(key) ? all : (all[0] ?? "");
  }
  return out;
}

const back = (hash = "") => redirect(`${PAGE}${hash}`);

export async function notificationsAction(ctx: ModuleContext, form: FormData) {
  const { user } = ctx;
  const owner = { userId: user.username_id, companyId: user.companyid };
  const intent = String(form.get("intent") ?? "");

  if (intent === "rule-save") {
    const values = valuesOf(form);
    const ruleId = typeof values.ruleId === "string" && values.ruleId ? values.ruleId : null;
    // Empty optional inputs arrive as "": they mean "not given".
    const input: Record<string, unknown> = Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== ""),
    );
    // Editing: an empty secret field keeps the stored secret (it is never sent to the page).
    let keepSecret = false;
    if (
      ruleId &&
      !input.webhookSecret &&
      (await listRules(owner)).find((r) => r.id === ruleId)?.hasSecret
    ) {
      input.webhookSecret = "kept-secret-placeholder";
      keepSecret = true;
    }
    const parsed = alertRuleSchema.safeParse(input);
    const errors: Record<string, string> = {};
    if (!parsed.success)
      for (const i of parsed.error.issues) errors[String(i.path[0] ?? "form")] ??= i.message;
    // Another company's vehicle only comes from a forged form: a 404, like every foreign id.
    if (parsed.success && (await foreignImeis(user.companyid, parsed.data.imeis)).length)
      throw new Response("Vehicle not found", { status: 404 });
    if (!parsed.success || Object.keys(errors).length) {
      delete values.webhookSecret; // never echo a secret back into the page
      return json<NotificationsActionData>(
        { intent: "rule-save", ruleId, errors, values },
        { status: 400 },
      );
    }
    const data = keepSecret ? { ...parsed.data, webhookSecret: undefined } : parsed.data;
    if (ruleId) {
      if (!(await updateRule(owner, ruleId, data)))
        throw new Response("Not found", { status: 404 });
    } else await createRule(owner, data);
    logInfo("alerts", `user=${user.username} ${ruleId ? "updated" : "created"} an alert rule`);
    return back("?saved=rule#rules");
  }

  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return json<NotificationsActionData>(
      { intent: "error", message: "That request was not understood." },
      { status: 400 },
    );
  const d = parsed.data;
  switch (d.intent) {
    case "read":
      if (!(await markRead(user.username_id, d.id)))
        throw new Response("Not found", { status: 404 });
      return back();
    case "read-all":
      await markAllRead(user.username_id);
      return back();
    case "rule-toggle":
      if (!(await setRuleEnabled(owner, d.id, d.enabled === "true")))
        throw new Response("Not found", { status: 404 });
      return back("#rules");
    case "rule-delete":
      if (!(await listRules(owner)).some((r) => r.id === d.id))
        throw new Response("Not found", { status: 404 });
      if (!d.confirm)
        return json<NotificationsActionData>({ intent: "rule-delete", confirmFor: d.id });
      await deleteRule(owner, d.id);
      return back("?saved=deleted#rules");
    case "rule-test": {
      const used = await sendTest(owner, d.id);
      if (!used) throw new Response("Not found", { status: 404 });
      const names = used.map((c: Channel) => CHANNEL_LABELS[c].toLowerCase());
      const message = names.length
        ? `Test sent: ${names.join(", ")}.`
        : "Nothing to send: this rule has no usable channel.";
      return json<NotificationsActionData>({ intent: "rule-test", ruleId: d.id, message });
    }
    case "sub-remove":
      if (!(await listSubscriptions(user.username_id)).some((s) => s.id === d.id))
        throw new Response("Not found", { status: 404 });
      if (!d.confirm)
        return json<NotificationsActionData>({ intent: "sub-remove", confirmFor: d.id });
      await removeSubscription(user.username_id, { id: d.id });
      return back("?saved=browser#browsers");
  }
}
