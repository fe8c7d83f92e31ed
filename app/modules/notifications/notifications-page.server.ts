/**
 * Loader and action of /dashboard/notifications: the feed, the alert rules and the subscribed
 * browsers of the signed-in user. Every form posts without JavaScript; errors come back per field
 * with what the user typed, and what was done comes back as a toast.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { alertRuleSchema, CHANNEL_LABELS, type Channel } from "./alert-rule-match";
import type { ModuleContext } from "~/services/guard.server";
import { CAN, isAllowed } from "~/lib/access";
import type { SessionUser } from "~/lib/user";
import {
  createRule,
  deleteRule,
  foreignImeis,
  listRules,
  ruleChoices,
  sendTest,
  setRuleEnabled,
  updateRule,
  type RuleScope,
} from "./alert-rules.server";
import { logInfo } from "~/services/log.server";
import { outboundUrlProblem } from "~/services/outbound-url.server";
import { feed, markAllRead, markRead, unreadCount } from "./notifications.server";
import { listSubscriptions, removeSubscription } from "./push.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { notUnderstood, switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

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

/**
 * The alert rules a user sees and changes: their own, or the company's for those who hold
 * alerts_manage. Another's rule outside the scope is a 404; only alerts_manage creates one.
 */
const ruleScope = (user: SessionUser): RuleScope =>
  isAllowed(user, CAN.manageAlerts)
    ? { companyId: user.companyid }
    : { companyId: user.companyid, userId: user.username_id };

export async function notificationsLoader(ctx: ModuleContext, url: URL) {
  const { user } = ctx;
  const { token } = ctx.session;
  const unreadOnly = url.searchParams.get("filter") === "unread";
  const beforeRaw = url.searchParams.get("before");
  const before = beforeRaw && !Number.isNaN(Date.parse(beforeRaw)) ? new Date(beforeRaw) : null;
  const [page, unread, rules, subs, choices, timeZone] = await Promise.all([
    feed(user.username_id, { unreadOnly, before }),
    unreadCount(user.username_id),
    listRules(ruleScope(user)),
    listSubscriptions(user.username_id),
    ruleChoices(user.companyid, token),
    companyTimeZone({ token, companyId: user.companyid }),
  ]);
  const editId = url.searchParams.get("edit");
  const editing = editId ? (rules.find((r) => r.id === editId) ?? null) : null;
  if (editId && !editing) throw new Response("Not found", { status: 404 });
  return json({
    feed: page,
    canCreateRules: isAllowed(user, CAN.manageAlerts),
    me: user.username_id,
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
  });
}

const idSchema = z.string().min(1).max(40);
const IdForm = z.object({ id: idSchema });
const ConfirmIdForm = z.object({ id: idSchema, confirm: z.literal("yes").optional() });
const ToggleForm = z.object({ id: idSchema, enabled: z.enum(["true", "false"]) });

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

const notFound = (what = "Not found") => new Response(what, { status: 404 });
const back = (hash = "") => redirect(`${PAGE}${hash}`);
const done = (hash: string, description: string) =>
  redirectWithToast(`${PAGE}${hash}`, { type: "success", description });

/** The hidden fields of a list item's form; null when forged or stale (then: not understood). */
function parseIds<S extends z.ZodTypeAny>(form: FormData, schema: S): z.infer<S> | null {
  const submission = parseForm(form, schema);
  return submission.status === "success" ? (submission.value as z.infer<S>) : null;
}

type Owner = { userId: number; companyId: number };

async function saveRule(ctx: ModuleContext, owner: Owner, form: FormData) {
  const values = valuesOf(form);
  const ruleId = typeof values.ruleId === "string" && values.ruleId ? values.ruleId : null;
  const scope = ruleScope(ctx.user);
  // Another's rule is a 404 before anything else; a new rule needs alerts_manage.
  if (ruleId && !(await listRules(scope)).some((r) => r.id === ruleId)) throw notFound();
  if (!ruleId && !isAllowed(ctx.user, CAN.manageAlerts))
    throw new Response("Forbidden", { status: 403 });
  // Editing: an empty secret field keeps the stored secret (it is never sent to the page).
  let keepSecret = false;
  if (
    ruleId &&
    !String(form.get("webhookSecret") ?? "").trim() &&
    (await listRules(scope)).find((r) => r.id === ruleId)?.hasSecret
  ) {
    form.set("webhookSecret", "kept-secret-placeholder");
    keepSecret = true;
  }
  const submission = parseForm(form, alertRuleSchema);
  // Another company's vehicle only comes from a forged form: a 404, like every foreign id.
  if (
    submission.status === "success" &&
    (await foreignImeis(ctx.user.companyid, submission.value.imeis)).length
  )
    throw notFound("Vehicle not found");
  const errors = submission.status === "success" ? {} : firstErrors(submission);
  // Webhooks go to public internet addresses only (SSRF): checked here, and again at each send.
  const webhookUrl = String(values.webhookUrl ?? "").trim();
  if (webhookUrl && !errors.webhookUrl) {
    const problem = await outboundUrlProblem(webhookUrl);
    if (problem) errors.webhookUrl = problem;
  }
  if (submission.status !== "success" || Object.keys(errors).length) {
    delete values.webhookSecret; // never echo a secret back into the page
    return json<NotificationsActionData>(
      { intent: "rule-save", ruleId, errors, values },
      { status: 400 },
    );
  }
  const data = keepSecret ? { ...submission.value, webhookSecret: undefined } : submission.value;
  if (ruleId) {
    if (!(await updateRule(scope, ruleId, data))) throw notFound();
  } else await createRule(owner, data);
  logInfo("alerts", `user=${ctx.user.username} ${ruleId ? "updated" : "created"} an alert rule`);
  return done("#rules", "Alert rule saved.");
}

async function deleteRuleIntent(owner: RuleScope, form: FormData) {
  const d = parseIds(form, ConfirmIdForm);
  if (!d) return notUnderstood();
  if (!(await listRules(owner)).some((r) => r.id === d.id)) throw notFound();
  if (!d.confirm) return json<NotificationsActionData>({ intent: "rule-delete", confirmFor: d.id });
  await deleteRule(owner, d.id);
  return done("#rules", "Alert rule deleted.");
}

async function testRule(owner: RuleScope, form: FormData) {
  const d = parseIds(form, IdForm);
  if (!d) return notUnderstood();
  const used = await sendTest(owner, d.id);
  if (!used) throw notFound();
  const names = used.map((c: Channel) => CHANNEL_LABELS[c].toLowerCase());
  const message = names.length
    ? `Test sent: ${names.join(", ")}.`
    : "Nothing to send: this rule has no usable channel.";
  return json<NotificationsActionData>({ intent: "rule-test", ruleId: d.id, message });
}

async function removeBrowser(userId: number, form: FormData) {
  const d = parseIds(form, ConfirmIdForm);
  if (!d) return notUnderstood();
  if (!(await listSubscriptions(userId)).some((s) => s.id === d.id)) throw notFound();
  if (!d.confirm) return json<NotificationsActionData>({ intent: "sub-remove", confirmFor: d.id });
  await removeSubscription(userId, { id: d.id });
  return done("#browsers", "Browser removed: it no longer receives push alerts.");
}

export async function notificationsAction(ctx: ModuleContext, form: FormData) {
  const { user } = ctx;
  const owner = { userId: user.username_id, companyId: user.companyid };
  const scope = ruleScope(user);
  return switchIntent(form, {
    "rule-save": (f) => saveRule(ctx, owner, f),
    read: async (f) => {
      const d = parseIds(f, IdForm);
      if (!d) return notUnderstood();
      if (!(await markRead(user.username_id, d.id))) throw notFound();
      return back();
    },
    "read-all": async () => {
      await markAllRead(user.username_id);
      return back();
    },
    "rule-toggle": async (f) => {
      const d = parseIds(f, ToggleForm);
      if (!d) return notUnderstood();
      if (!(await setRuleEnabled(scope, d.id, d.enabled === "true"))) throw notFound();
      return back("#rules");
    },
    "rule-delete": (f) => deleteRuleIntent(scope, f),
    "rule-test": (f) => testRule(scope, f),
    "sub-remove": (f) => removeBrowser(user.username_id, f),
  });
}
