/**
 * The concrete dashboard: active pours with their in-place strength against their targets, open
 * breaches, and what needs attention (a target reached, a breach, a low sensor battery, a pour
 * without sensors or limit sets). Each active pour is analysed as on its own page.
 */
import type { ModuleContext } from "~/services/guard.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { listPours, listSensors } from "./pours-upstream.server";
import { up } from "./pours.server";
import { viewPourPage } from "./view-pour.server";

const LOW_BATTERY = 20;

export async function dashboardPage(ctx: ModuleContext) {
  const [pours, sensors, timeZone] = await Promise.all([
    listPours(up(ctx)),
    listSensors(up(ctx)),
    companyTimeZone(ctx.auth),
  ]);
  const active = pours.filter((p) => p.status === "active");
  const views = await Promise.all(active.map((p) => viewPourPage(ctx, p.id)));
  const attention: Array<{ text: string; href: string; level: "red" | "orange" | "blue" }> = [];
  const rows = views.map((v) => {
    const open = v.breaches.filter((b) => b.end === null);
    for (const b of open)
      attention.push({
        level: "red",
        href: `/concrete/view-pour/${v.pour.id}`,
        text: `${v.pour.element}: ${b.kind === "difference" ? "core–surface difference" : b.kind.replace("_", " ")} ${b.peak} against ${b.threshold} (${b.limitName})`,
      });
    for (const t of v.targets)
      if (t.status === "reached" && t.at !== null && Date.now() - t.at < 2 * 24 * 3_600_000)
        attention.push({
          level: "blue",
          href: `/concrete/view-pour/${v.pour.id}`,
          text: `${v.pour.element} reached ${t.name.toLowerCase()} (${t.percent} %)`,
        });
    if (!v.sensors.length)
      attention.push({
        level: "orange",
        href: `/concrete/pour-device-links/${v.pour.id}`,
        text: `${v.pour.element} has no sensors linked`,
      });
    if (!v.limits.length)
      attention.push({
        level: "orange",
        href: `/concrete/pour/${v.pour.id}`,
        text: `${v.pour.element} has no limit set`,
      });
    return {
      id: v.pour.id,
      element: v.pour.element,
      placed_at: v.pour.placed_at,
      mix: v.mix?.name ?? null,
      design: v.mix?.design_strength_mpa ?? null,
      strength: v.strength,
      targets: v.targets.map((t) => ({
        name: t.name,
        percent: t.percent,
        status: t.status,
        at: t.at,
      })),
      openBreaches: open.length,
      difference: v.currentDifference,
    };
  });
  for (const s of sensors)
    if (s.battery < LOW_BATTERY)
      attention.push({
        level: "orange",
        href: `/concrete/sensor/${s.imei}`,
        text: `${s.nickname} battery at ${s.battery} %`,
      });
  return {
    timeZone,
    rows,
    attention,
    breaches: views.flatMap((v) =>
      v.breaches.filter((b) => b.end === null).map((b) => ({ ...b, element: v.pour.element })),
    ),
  };
}
