/**
 * The two boards: maintenance tasks by status, and vehicles and assets by state. A move is one
 * upstream write; a column at its WIP limit refuses more cards. Moving a task to Done does not
 * complete it here: completion needs the meter reading, so the tasks page asks for it.
 */
import type { ModuleContext } from "~/services/guard.server";
import type { BoardColumn } from "./components/board";
import { attempt, up } from "./maintenance.server";
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

export async function taskBoard(ctx: ModuleContext): Promise<BoardColumn[]> {
  const { rows } = await taskRows(ctx);
  return TASK_COLUMNS.map((c) => ({
    id: c.id,
    title: TASK_LABELS[c.id],
    limit: c.limit,
    cards: rows
      .filter((t) => t.status === c.id)
      .map((t) => ({
        id: String(t.id),
        title: t.title,
        sub: [t.vehicle, t.assignee].filter(Boolean).join(" · "),
        badge: t.source === "schedule" ? "Scheduled" : null,
      })),
  }));
}

export async function assetBoard(ctx: ModuleContext): Promise<BoardColumn[]> {
  const u = up(ctx);
  const [states, meters, plans] = await Promise.all([
    listAssetStates(u),
    listMeters(u),
    plansFor(u),
  ]);
  const names = new Map(meters.map((m) => [m.imei, m.nickname]));
  const worst = new Map<string, string>();
  for (const p of plans)
    if (p.status === "overdue" || (p.status === "due_soon" && !worst.has(p.imei)))
      worst.set(p.imei, p.status === "overdue" ? "Overdue" : "Due soon");
  return ASSET_COLUMNS.map((c) => ({
    id: c.id,
    title: ASSET_LABELS[c.id],
    limit: c.limit,
    cards: states
      .filter((s) => s.state === c.id)
      .map((s) => ({
        id: s.imei,
        title: names.get(s.imei) ?? s.imei,
        sub: s.imei,
        badge: worst.get(s.imei) ?? null,
      })),
  }));
}

export type MoveResult =
  { ok: true; title: string; to: string } | { ok: false; message: string; complete?: string };

function full(columns: BoardColumn[], to: string): string | null {
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
