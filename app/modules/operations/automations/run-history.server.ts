/** One automation's latest runs for its history, with the retry state of pending webhooks. */
import { prisma } from "~/services/db.server";
import type { RetryState } from "./format";
import { pendingDeliveries } from "./webhook-delivery.server";

export type RunHistory = {
  id: string;
  name: string;
  runs: {
    id: string;
    at: string;
    subject: string;
    outcome: string;
    reason: string;
    retry: RetryState | null;
  }[];
};

/** `automation` is one of the company's (checked by the caller). */
export async function runHistory(
  companyId: number,
  automation: { id: string; name: string },
): Promise<RunHistory> {
  const runs = await prisma.automationRun.findMany({
    where: { automationId: automation.id, companyId },
    orderBy: { at: "desc" },
    take: 200,
  });
  const pending = await pendingDeliveries(
    companyId,
    runs.filter((r) => r.outcome === "retrying").map((r) => r.id),
  );
  return {
    id: automation.id,
    name: automation.name,
    runs: runs.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      subject: r.subject,
      outcome: r.outcome,
      reason: r.reason,
      retry: pending.get(r.id) ?? null,
    })),
  };
}
