/**
 * Issue 26, plant hire (dashboard/plant-hire, dashboard/plant-hire/{id}) through the routes'
 * loaders and actions against the simulator: create a hired-in contract, see its utilisation and
 * charge, a bad date range refused beside the field, edit, delete after confirming, 404 for another
 * company's contract.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as listAction, loader as listLoader } from "~/routes/dashboard.plant-hire._index";
import { action, loader } from "~/routes/dashboard.plant-hire.$id";
import { listHireContracts, listSuppliers } from "~/modules/operations/suppliers-upstream.server";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let sim: Awaited<ReturnType<typeof useSimulator>>;
let admin = "";
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

describe("plant hire", () => {
  it("creates a contract, shows its utilisation and overstay warning, edits and deletes it", async () => {
    const a = await upstreamAuth("admin", "admin123");
    const supplier = (await listSuppliers(upstream(a.token), "plant_hire"))[0]!;
    const imei = sim.world.devicesByCompany.get(1)![5]!.imei;
    const fields = {
      intent: "create",
      direction: "in",
      imei,
      supplier_id: String(supplier.id),
      on_hire: day(-14),
      off_hire: day(1),
      rate: "250",
      rate_unit: "day",
      minimum_charge: "0",
    };
    const bad = await call(
      listAction,
      formPost("/dashboard/plant-hire", { ...fields, off_hire: day(-20) }, { cookie: admin }),
    );
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.off_hire).toEqual(["Off-hire must not be before on-hire"]);
    const made = await call(
      listAction,
      formPost("/dashboard/plant-hire", fields, { cookie: admin }),
    );
    expect(made.status).toBe(302);
    const id = Number(made.headers.get("location")!.split("/").pop());
    const res = await call(loader, get(`/dashboard/plant-hire/${id}`, admin), {
      params: { id: String(id) },
    });
    const page = (await res.json()) as {
      contract: {
        state: string;
        charge: number;
        utilisation: {
          hours_used: number;
          hours_available: number;
          hours_ratio: number;
          days_hired: number;
        };
      };
    };
    expect(page.contract.state).toBe("ending-soon");
    expect(page.contract.utilisation.hours_used).toBeGreaterThan(0);
    expect(page.contract.utilisation.hours_ratio).toBeCloseTo(
      Math.min(1, page.contract.utilisation.hours_used / page.contract.utilisation.hours_available),
    );
    expect(page.contract.charge).toBe(250 * page.contract.utilisation.days_hired);
    const list = (await (await call(listLoader, get("/dashboard/plant-hire", admin))).json()) as {
      contracts: { id: number }[];
    };
    expect(list.contracts.some((c) => c.id === id)).toBe(true);
    const post = (f: Record<string, string>) =>
      call(action, formPost(`/dashboard/plant-hire/${id}`, f, { cookie: admin }), {
        params: { id: String(id) },
      });
    expect((await post({ ...fields, intent: "update", off_hire: day(30) })).status).toBe(302);
    expect(await (await post({ intent: "delete" })).json()).toEqual({ confirm: true });
    expect((await post({ intent: "delete", confirm: "yes" })).status).toBe(302);
    expect((await listHireContracts(upstream(a.token))).some((c) => c.id === id)).toBe(false);
  });

  it("another company's contract is a 404", async () => {
    const other = await upstreamAuth("other", "other123");
    const theirs = (await listHireContracts(upstream(other.token)))[0]!;
    const res = await call(loader, get(`/dashboard/plant-hire/${theirs.id}`, admin), {
      params: { id: String(theirs.id) },
    });
    expect(res.status).toBe(404);
  });
});
