/**
 * The public coverage map's data: the upstream's aggregated cells, kept in PostgreSQL (one
 * snapshot) so the page works while the upstream is down, and filtered by publishableCells before
 * anything leaves the server (no device positions, identities or per-cell device counts).
 */
import { publishableCells, type PublicCell } from "./coverage-grid";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { coverageResponseSchema, networkCoverage, type UpstreamCoverage } from "./upstream.server";

const SNAPSHOT_ID = "network";
/** The upstream recomputes hourly; older than this, a read refreshes in the background. */
export const COVERAGE_REFRESH_MS = 15 * 60_000;

export type Coverage = {
  cells: PublicCell[];
  cellDeg: number;
  generatedAt: string | null;
  fetchedAt: string | null;
  stale: boolean;
};

let refreshing: Promise<void> | null = null;

async function refresh(): Promise<void> {
  refreshing ??= (async () => {
    // Anonymous: coverage is public data of the network, not of a company.
    const data = await networkCoverage(upstream(null));
    await prisma.coverageSnapshot.upsert({
      where: { id: SNAPSHOT_ID },
      create: { id: SNAPSHOT_ID, data, fetchedAt: new Date() },
      update: { data, fetchedAt: new Date() },
    });
  })().finally(() => (refreshing = null));
  return refreshing;
}

export async function coverage(now = Date.now()): Promise<Coverage> {
  let snap = await prisma.coverageSnapshot.findUnique({ where: { id: SNAPSHOT_ID } });
  let failed = false;
  if (!snap) {
    try {
      await refresh();
    } catch (e) {
      logError("coverage", e);
      failed = true;
    }
    snap = await prisma.coverageSnapshot.findUnique({ where: { id: SNAPSHOT_ID } });
  } else if (now - snap.fetchedAt.getTime() > COVERAGE_REFRESH_MS) {
    void refresh().catch((e) => logError("coverage", e));
  }
  const parsed = snap ? coverageResponseSchema.safeParse(snap.data) : null;
  const data: UpstreamCoverage | null = parsed?.success ? parsed.data : null;
  return {
    cells: data ? publishableCells(data.cells, data.cell_deg) : [],
    cellDeg: data?.cell_deg ?? 0.02,
    generatedAt: data?.generated_at ?? null,
    fetchedAt: snap?.fetchedAt.toISOString() ?? null,
    stale: failed || (snap ? now - snap.fetchedAt.getTime() > 4 * COVERAGE_REFRESH_MS : false),
  };
}
