/**
 * The fleet page's "New installs awaiting their check" panel: devices fitted today that the fleet
 * list does not carry yet (`GET /devices/installs`), each with its installation check, or the date
 * of its certificate once one was issued. Only for those who may run the check (fleet_edit); a
 * restricted account (linked devices only) sees none. The panel is an extra: when the upstream
 * does not answer, the fleet page shows without it.
 */
import { CAN, isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { newInstalls } from "./diagnostics.server";

export type PendingInstall = {
  imei: string;
  nickname: string;
  installedAt: string;
  /** When its latest certificate was issued; null while the check is still to be done. */
  checkedAt: string | null;
};

export async function installsAwaitingCheck(
  ctx: Pick<ModuleContext, "user" | "auth" | "companyId">,
): Promise<PendingInstall[]> {
  if (!isAllowed(ctx.user, CAN.editFleet) || ctx.auth.only) return [];
  let list: Awaited<ReturnType<typeof newInstalls>>;
  try {
    list = await newInstalls(upstream(ctx.auth.token));
  } catch (e) {
    logError("installs", `new installs unavailable: ${(e as Error).message}`);
    return [];
  }
  if (!list.length) return [];
  const certificates = await prisma.installationCertificate.findMany({
    where: { companyId: ctx.companyId, imei: { in: list.map((d) => d.imei) } },
    orderBy: { issuedAt: "desc" },
    select: { imei: true, issuedAt: true },
  });
  const checked = new Map<string, string>();
  for (const c of certificates)
    if (!checked.has(c.imei)) checked.set(c.imei, c.issuedAt.toISOString());
  return list
    .map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      installedAt: d.installed_at,
      checkedAt: checked.get(d.imei) ?? null,
    }))
    .sort((a, b) => b.installedAt.localeCompare(a.installedAt) || a.imei.localeCompare(b.imei));
}
