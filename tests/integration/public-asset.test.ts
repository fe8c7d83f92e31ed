import { beforeAll, describe, expect, it } from "vitest";
import { formatZonedLabelled } from "~/lib/zoned-time";
import { listDevices } from "~/modules/fleet/devices-read.server";
import { createShareLink } from "~/modules/fleet/sharing.server";
import { loader as dashboardLoader } from "~/routes/assets.dashboard.$imei";
import { loader as detailsLoader } from "~/routes/assets.details.$imei";
import { prisma } from "~/services/db.server";
import type { Auth } from "~/services/company-context.server";
import { useTestDatabase } from "../support/db";
import { call, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

/**
 * Issue 38.4: the public asset dashboard and details, opened with a vehicle's share link, are two
 * pages (where it is now; what it is), with the status and the last report in the viewer's zone,
 * named. Without a token they stay a 404 (an imei alone must not show a position).
 */
let admin: Auth;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await upstreamAuth("admin", "admin123");
});

type Page = {
  page: string;
  status: { label: string };
  lastReport: { text: string; zone: string };
  details: { odometer: number | null } | null;
  links: { dashboard: string; details: string };
};

describe("public asset pages (issue 38.4)", () => {
  it("the dashboard and the details are different pages, with status and the last report in the viewer's zone", async () => {
    const d = (await listDevices(admin)).devices.find((x) => x.lastContactAt && x.lat !== null)!;
    const link = await createShareLink(admin, 1, d.imei, 60);
    const row = await prisma.device.findUniqueOrThrow({ where: { imei: d.imei } });
    const params = { params: { imei: d.imei } };
    const open = async (
      loader: typeof dashboardLoader,
      page: string,
      cookie?: string,
    ): Promise<Page> => {
      const res = await call(
        loader,
        get(`/assets/${page}/${d.imei}?share=${link.id}`, cookie),
        params,
      );
      expect(res.status).toBe(200);
      return (await res.json()) as Page;
    };
    const dash = await open(dashboardLoader, "dashboard", "tz=Australia%2FPerth");
    expect(dash.page).toBe("dashboard");
    expect(["Moving", "Idling", "Resting", "Offline"]).toContain(dash.status.label);
    expect(dash.lastReport.zone).toBe("Australia/Perth");
    expect(dash.lastReport.text).toBe(
      formatZonedLabelled(row.lastContactAt!.toISOString(), "Australia/Perth", "full"),
    );
    expect(dash.details).toBeNull();
    expect(dash.links.details).toBe(`/assets/details/${d.imei}?share=${link.id}`);

    const details = await open(detailsLoader, "details");
    expect(details.page).toBe("details");
    expect(details.details).toMatchObject({ odometer: row.odometer });
    // No zone told yet: UTC, and named as such.
    expect(details.lastReport.zone).toBe("UTC");
    expect(details.lastReport.text).toMatch(/ UTC$/);
    // A zone that is not one is ignored.
    expect((await open(detailsLoader, "details", "tz=Mars%2FOlympus")).lastReport.zone).toBe("UTC");

    // An imei alone, or another vehicle's token, shows nothing.
    expect((await call(dashboardLoader, get(`/assets/dashboard/${d.imei}`), params)).status).toBe(
      404,
    );
  });
});
