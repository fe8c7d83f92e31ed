/**
 * People (admin/people, people_view): the company's accounts with search and filters, invite and
 * edit, deactivate (which ends the person's sessions here and makes the upstream refuse their
 * token) and reactivate, a password reset e-mail, and a person's page that explains each
 * permission they have by what grants it.
 */
import { isAllowed } from "~/lib/access";
import { compareText } from "~/lib/text-order";
import { listDevices } from "~/modules/fleet/index.server";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { endAllSessions } from "~/services/session.server";
import { PERMISSIONS, isUpstreamError } from "~/services/upstream/index.server";
import type { PersonForm } from "./people-form";
import {
  createPerson,
  getPerson,
  listGroups,
  listPeople,
  sendPasswordReset,
  setPersonActive,
  updatePerson,
  type PersonDetail,
} from "./people-upstream.server";

export const MANAGE_PEOPLE = { permission: "edit_permissions" } as const;

const notFound = () => new Response("Not found", { status: 404 });

/** The upstream's 400/409 message, or null (other failures are thrown). */
export function refusal(e: unknown): string | null {
  if (isUpstreamError(e) && e.status === 404) throw notFound();
  return isUpstreamError(e) && (e.status === 400 || e.status === 409) ? e.message : null;
}

/** Which field an upstream refusal is about, so the page shows it there. */
export function fieldOf(message: string): string {
  const m = /^(first_name|last_name|email|mobile|username|group_ids)\b/.exec(message);
  if (m) return m[1]!;
  if (/^Email already in use/.test(message)) return "email";
  return "form";
}

export async function peoplePage(ctx: ModuleContext, url: URL) {
  const up = upstream(ctx.auth.token);
  const [people, groups] = await Promise.all([listPeople(up), listGroups(up)]);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const group = Number(url.searchParams.get("group") ?? "") || null;
  const state = url.searchParams.get("state");
  const text = q.toLowerCase();
  const names = new Map(groups.map((g) => [g.id, g.nickname]));
  const rows = people
    .filter(
      (p) =>
        (!text ||
          [p.name, p.email, p.username, p.mobile ?? ""].some((s) =>
            s.toLowerCase().includes(text),
          )) &&
        (!group || p.group_ids.includes(group)) &&
        (state !== "active" || p.active) &&
        (state !== "inactive" || !p.active),
    )
    .sort((a, b) => compareText(a.name, b.name))
    .map((p) => ({
      ...p,
      groups: p.group_ids.map((id) => names.get(id) ?? "").filter(Boolean),
    }));
  return {
    people: rows,
    total: people.length,
    groups: groups
      .map((g) => ({ id: g.id, nickname: g.nickname }))
      .sort((a, b) => compareText(a.nickname, b.nickname)),
    q,
    group,
    state: state === "active" || state === "inactive" ? state : null,
    canManage: isAllowed(ctx.user, MANAGE_PEOPLE),
  };
}

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw notFound();
  return id;
};

/** A person's page: details, groups, each permission with why, the devices they see. */
export async function personPage(ctx: ModuleContext, rawId: string | undefined) {
  const id = idOf(rawId);
  const up = upstream(ctx.auth.token);
  let person: PersonDetail;
  try {
    person = await getPerson(up, id);
  } catch (e) {
    refusal(e);
    throw e;
  }
  const [groups, { devices }] = await Promise.all([listGroups(up), listDevices(ctx.auth)]);
  const linked = person.device_imeis ? new Set(person.device_imeis) : null;
  const seen = devices.filter((d) => !linked || linked.has(d.imei));
  return {
    person,
    groups: groups
      .map((g) => ({ id: g.id, nickname: g.nickname }))
      .sort((a, b) => compareText(a.nickname, b.nickname)),
    permissions: PERMISSIONS.map((name) => ({
      name,
      granted: person.permissions[name] === true,
      why: (person.why[name] ?? []).map((g) =>
        g.source === "account" ? "This account" : `Group ${g.nickname}`,
      ),
    })),
    devices: {
      restricted: linked !== null,
      count: seen.length,
      list: seen.slice(0, 200).map((d) => ({ imei: d.imei, nickname: d.nickname })),
    },
    canManage: isAllowed(ctx.user, MANAGE_PEOPLE),
    self: person.username_id === ctx.user.username_id,
  };
}

export type SaveResult =
  { ok: true; person: PersonDetail } | { ok: false; field: string; message: string };

export async function savePerson(
  ctx: ModuleContext,
  rawId: string | null,
  v: PersonForm,
): Promise<SaveResult> {
  const input = {
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    mobile: v.mobile ?? null,
    group_ids: v.group_ids,
  };
  const up = upstream(ctx.auth.token);
  try {
    const person =
      rawId === null ? await createPerson(up, input) : await updatePerson(up, idOf(rawId), input);
    return { ok: true, person };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false, field: fieldOf(message), message };
    throw e;
  }
}

/**
 * Deactivates or reactivates a person. A deactivated person's sessions end at once: the upstream
 * refuses their token from now on, and their sessions here are deleted.
 */
export async function setActive(ctx: ModuleContext, rawId: string, active: boolean) {
  const id = idOf(rawId);
  try {
    const person = await setPersonActive(upstream(ctx.auth.token), id, active);
    const ended = active ? 0 : await endAllSessions(id);
    return { ok: true as const, person, ended };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}

export async function resetPassword(ctx: ModuleContext, rawId: string) {
  try {
    return {
      ok: true as const,
      ...(await sendPasswordReset(upstream(ctx.auth.token), idOf(rawId))),
    };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}
