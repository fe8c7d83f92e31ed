/**
 * The two boards: maintenance tasks by status, and vehicles and assets by state. A move is one
 * upstream write; a column at its WIP limit refuses more cards. Moving a task to Done does not
 * complete it here: completion needs the meter reading, so the tasks page asks for it.
 *
 * Filters (search, vehicle, assignee, group, site) are query parameters of a GET form, so they work
 * without JavaScript. A site is one of the company's jobsites: the upstream gives vehicles and
 * assets no home site, so a card is at a site when its last known position is inside the
 * jobsite's fence (the filter's label says "where it is now"); each column shows its first BOARD_PAGE matching cards and a "Show more" link
 * (also a plain GET) for the next ones, so a board of thousands of cards stays light to render.
 */
import { companyJobsites, insideJobsite } from "~/modules/fleet/index.server";
import { compGroups, iotDevices } from "~/services/upstream/index.server";
import type { ModuleContext } from "~/services/guard.server";
import type { BoardCard, BoardColumn } from "./components/board";
import { attempt, notFoundOr, up } from "./maintenance.server";
import { plansFor } from "./plans.server";
import { ASSET_LABELS, TASK_LABELS } from "./schemas";
import { taskRows } from "./tasks.server";
import {
  ASSET_STATES,
  listAssetStates,
  listMeters,
  setAssetState,
  updateTask,
  type AssetState,
  type Meter,
  type TaskStatus,
} from "./upstream.server";

export const TASK_COLUMNS: { id: TaskStatus; limit: number | null }[] = [
  { id: "open", limit: null },
  { id: "in_progress", limit: 8 },
  { id: "on_hold", limit: 10 },
  { id: "done", limit: null },
];
export const ASSET_COLUMNS: { id: AssetState; limit: number | null }[] = [
  { id: "in_service", limit: null },
  { id: "due_soon", limit: null },
  { id: "in_workshop", limit: 6 },
  { id: "out_of_service", limit: null },
];

/** Cards a column shows at first, and how many more each "Show more" adds. */
export const BOARD_PAGE = 50;
const MAX_SHOWN = 100_000;

/** A card as the server knows it: what the filters look at besides what is shown. */
type FullCard = BoardCard & { imei: string | null; assigneeId: number | null };
type FullColumn = { id: string; title: string; limit: number | null; cards: FullCard[] };

export type BoardFilters = {
  q: string;
  imei: string | null;
  assignee: number | null;
  group: number | null;
  site: number | null;
};

const positive = (v: string | null) =>
  v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;

export function boardFilters(url: URL): BoardFilters {
  const p = url.searchParams;
  return {
    q: (p.get("q") ?? "").trim().slice(0, 100),
    imei: p.get("imei") || null,
    assignee: positive(p.get("assignee")),
    group: positive(p.get("group")),
    site: positive(p.get("site")),
  };
}

/** How many cards of a column to show: `more_<column>` in the address, else BOARD_PAGE. */
function shownOf(url: URL, column: string): number {
  const n = positive(url.searchParams.get(`more_${column}`));
  return Math.min(MAX_SHOWN, Math.max(BOARD_PAGE, n ?? BOARD_PAGE));
}

/**
 * The columns as the page shows them: filtered, the first cards of each, the count that the WIP
 * limit is about (every card of the column, filtered or not) and where "Show more" leads.
 */
export function viewBoard(
  columns: FullColumn[],
  f: BoardFilters,
  url: URL,
  within: readonly ReadonlySet<string>[] = [],
): BoardColumn[] {
  const q = f.q.toLowerCase();
  const keep = (c: FullCard) =>
    (!f.imei || c.imei === f.imei) &&
    (f.assignee === null || c.assigneeId === f.assignee) &&
    within.every((set) => c.imei !== null && set.has(c.imei)) &&
    (!q || c.title.toLowerCase().includes(q) || c.sub.toLowerCase().includes(q));
  return columns.map((col) => {
    const matching = col.cards.filter(keep);
    const shown = shownOf(url, col.id);
    let more: string | null = null;
    if (matching.length > shown) {
      const next = new URL(url);
      next.searchParams.set(`more_${col.id}`, String(shown + BOARD_PAGE));
      more = `${next.pathname}${next.search}#column-${col.id}`;
    }
    return {
      id: col.id,
      title: col.title,
      limit: col.limit,
      count: col.cards.length,
      matching: matching.length,
      cards: matching
        .slice(0, shown)
        .map(({ id, title, sub, badge }) => ({ id, title, sub, badge })),
      more,
    };
  });
}

/**
 * The filters' choices and the vehicles a group or site filter keeps; a vehicle, group or site of
 * another company is a 404.
 */
async function filterChoices(ctx: ModuleContext, f: BoardFilters, meters: Meter[]) {
  const u = up(ctx);
  try {
    const [groups, sites, devices] = await Promise.all([
      compGroups(u),
      companyJobsites(ctx.auth),
      f.group === null && f.site === null ? Promise.resolve(null) : iotDevices(u),
    ]);
    if (f.imei && !meters.some((m) => m.imei === f.imei))
      throw new Response("Not found", { status: 404 });
    if (f.group !== null && !groups.some((g) => g.id === f.group))
      throw new Response("Not found", { status: 404 });
    const site = f.site === null ? null : sites.jobsites.find((j) => j.id === f.site);
    if (site === undefined) throw new Response("Not found", { status: 404 });
    const within: Set<string>[] = [];
    if (devices && f.group !== null)
      within.push(
        new Set(devices.filter((d) => d.groups.some((g) => g.id === f.group)).map((d) => d.imei)),
      );
    if (devices && site)
      within.push(
        new Set(
          devices
            .filter((d) => d.position && insideJobsite(site.fence, d.position.lat, d.position.lng))
            .map((d) => d.imei),
        ),
      );
    return {
      vehicles: meters.map((m) => ({ imei: m.imei, nickname: m.nickname })),
      groups: groups
        .map((g) => ({ id: g.id, nickname: g.nickname }))
        .sort((a, b) => a.nickname.localeCompare(b.nickname)),
      sites: sites.jobsites
        .map((j) => ({ id: j.id, name: j.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      within,
    };
  } catch (e) {
    if (e instanceof Response) throw e;
    return notFoundOr(e);
  }
}

/** The maintenance board page: filtered columns and the filters' choices. */
export async function taskBoardPage(ctx: ModuleContext, url: URL) {
  const f = boardFilters(url);
  const { columns, people, meters } = await taskColumns(ctx);
  const choices = await filterChoices(ctx, f, meters);
  if (f.assignee !== null && !people.some((p) => p.id === f.assignee))
    throw new Response("Not found", { status: 404 });
  return {
    columns: viewBoard(columns, f, url, choices.within),
    filters: f,
    vehicles: choices.vehicles,
    groups: choices.groups,
    sites: choices.sites,
    people,
  };
}

/** The asset board page: filtered columns and the filters' choices. */
export async function assetBoardPage(ctx: ModuleContext, url: URL) {
  const f = { ...boardFilters(url), assignee: null };
  const { columns, meters } = await assetColumns(ctx);
  const choices = await filterChoices(ctx, f, meters);
  return {
    columns: viewBoard(columns, f, url, choices.within),
    filters: f,
    vehicles: choices.vehicles,
    groups: choices.groups,
    sites: choices.sites,
    people: null,
  };
}

async function taskColumns(ctx: ModuleContext) {
  const { rows, people, meterList: meters } = await taskRows(ctx);
  const byStatus = new Map<string, FullCard[]>(TASK_COLUMNS.map((c) => [c.id, []]));
  for (const t of rows)
    byStatus.get(t.status)?.push({
      id: String(t.id),
      title: t.title,
      sub: [t.vehicle, t.assignee].filter(Boolean).join(" · "),
      badge: t.source === "schedule" ? "Scheduled" : null,
      imei: t.imei,
      assigneeId: t.assignee_id,
    });
  const columns: FullColumn[] = TASK_COLUMNS.map((c) => ({
    id: c.id,
    title: TASK_LABELS[c.id],
    limit: c.limit,
    cards: byStatus.get(c.id)!,
  }));
  return { columns, people, meters };
}

export async function taskBoard(ctx: ModuleContext): Promise<FullColumn[]> {
  return (await taskColumns(ctx)).columns;
}

export async function assetBoard(ctx: ModuleContext): Promise<FullColumn[]> {
  return (await assetColumns(ctx)).columns;
}

async function assetColumns(ctx: ModuleContext) {
  const u = up(ctx);
  const [states, meters] = await Promise.all([listAssetStates(u), listMeters(u)]);
  const plans = await plansFor(u, undefined, meters);
  const names = new Map(meters.map((m) => [m.imei, m.nickname]));
  const worst = new Map<string, string>();
  for (const p of plans)
    if (p.status === "overdue" || (p.status === "due_soon" && !worst.has(p.imei)))
      worst.set(p.imei, p.status === "overdue" ? "Overdue" : "Due soon");
  const byState = new Map<string, FullCard[]>(ASSET_COLUMNS.map((c) => [c.id, []]));
  for (const s of states)
    byState.get(s.state)?.push({
      id: s.imei,
      title: names.get(s.imei) ?? s.imei,
      sub: s.imei,
      badge: worst.get(s.imei) ?? null,
      imei: s.imei,
      assigneeId: null,
    });
  const columns: FullColumn[] = ASSET_COLUMNS.map((c) => ({
    id: c.id,
    title: ASSET_LABELS[c.id],
    limit: c.limit,
    cards: byState.get(c.id)!,
  }));
  return { columns, meters };
}

export type MoveResult =
  { ok: true; title: string; to: string } | { ok: false; message: string; complete?: string };

function full(columns: FullColumn[], to: string): string | null {
  const c = columns.find((x) => x.id === to);
  if (!c) return "That column does not exist.";
  if (c.limit !== null && c.cards.length >= c.limit)
    return `${c.title} is at its limit of ${c.limit} cards.`;
  return null;
}

export async function moveTaskCard(
  ctx: ModuleContext,
  id: string,
  to: string,
): Promise<MoveResult> {
  const columns = await taskBoard(ctx);
  const card = columns.flatMap((c) => c.cards).find((x) => x.id === id);
  if (!card) throw new Response("Not found", { status: 404 });
  if (to === "done") return { ok: false, message: "", complete: id };
  const refusal = full(columns, to);
  if (refusal) return { ok: false, message: refusal };
  const r = await attempt(
    updateTask(up(ctx), Number(id), { status: to as Exclude<TaskStatus, "done"> }),
  );
  return r.ok
    ? { ok: true, title: card.title, to: TASK_LABELS[to as TaskStatus] }
    : { ok: false, message: r.message };
}

export async function moveAssetCard(ctx: ModuleContext, imei: string, to: string) {
  const columns = await assetBoard(ctx);
  const card = columns.flatMap((c) => c.cards).find((x) => x.id === imei);
  if (!card) throw new Response("Not found", { status: 404 });
  if (!ASSET_STATES.includes(to as AssetState))
    return { ok: false as const, message: "That column does not exist." };
  const refusal = full(columns, to);
  if (refusal) return { ok: false as const, message: refusal };
  const r = await attempt(setAssetState(up(ctx), imei, to as AssetState));
  return r.ok
    ? { ok: true as const, title: card.title, to: ASSET_LABELS[to as AssetState] }
    : { ok: false as const, message: r.message };
}
