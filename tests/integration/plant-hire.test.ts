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
import { action as suppliersAction, loader as suppliersLoader } from "~/routes/dashboard.suppliers";
import { action as uploadAction } from "~/routes/dashboard.suppliers_.$id.documents";
import { loader as documentLoader } from "~/routes/dashboard.suppliers_.$id.documents.$doc";
import { loader as reportLoader } from "~/routes/dashboard.plant-hire.report";
import { loader as reportFile } from "~/routes/dashboard.plant-hire_.report.$format";
import { createJobsite } from "~/modules/admin/jobsites-upstream.server";
import { clearJobsiteCache } from "~/modules/fleet/index.server";
import { runOverstayCheck } from "~/modules/operations/jobs.server";
import { upstream } from "~/services/api.server";
import { trips } from "~/services/upstream/index.server";
import { prisma } from "~/services/db.server";
import { pdfText } from "../support/pdf";
import { APP, toastOf } from "../support/remix";
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

  it("evidence: a machine last seen on its site past off-hire is overdue; one off its site has ended", async () => {
    const a = await upstreamAuth("admin", "admin123");
    const up = upstream(a.token);
    const supplier = (await listSuppliers(up, "plant_hire"))[0]!;
    const imei = sim.world.devicesByCompany.get(1)![7]!.imei;
    const recent = await trips(up, imei, {
      from: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      to: new Date().toISOString(),
      points: false,
    });
    expect(recent.length).toBeGreaterThan(0);
    const last = recent.at(-1)!;
    const site = async (name: string, lat: number, lng: number) =>
      createJobsite(up, {
        name,
        address: "",
        active: true,
        geofence: { type: "circle", lat, lng, radius_meters: 60 },
        primary_contact: null,
        secondary_contact: null,
      });
    const here = await site(`Hire yard ${Date.now()}`, last.end.lat, last.end.lng);
    const away = await site(`Far yard ${Date.now()}`, -33.0, 151.0);
    clearJobsiteCache();
    const make = async (jobsite: number) => {
      const r = await call(
        listAction,
        formPost(
          "/dashboard/plant-hire",
          {
            intent: "create",
            direction: "in",
            imei,
            supplier_id: String(supplier.id),
            jobsite_id: String(jobsite),
            on_hire: day(-5),
            off_hire: day(-1),
            rate: "100",
            rate_unit: "day",
          },
          { cookie: admin },
        ),
      );
      expect(r.status).toBe(302);
      const id = r.headers.get("location")!.split("/").pop()!;
      const page = (await (
        await call(loader, get(`/dashboard/plant-hire/${id}`, admin), { params: { id } })
      ).json()) as {
        contract: {
          state: string;
          evidence: { fenced: boolean; on_site: boolean; arrived_at: string | null; site: string };
        };
      };
      return { id: Number(id), ...page.contract };
    };
    const onSite = await make(here.id);
    expect(onSite.evidence).toMatchObject({ fenced: true, on_site: true, site: here.name });
    expect(Date.parse(onSite.evidence.arrived_at!)).toBeLessThanOrEqual(Date.parse(last.end.time));
    expect(onSite.state).toBe("overdue");
    const offSite = await make(away.id);
    expect(offSite.evidence).toMatchObject({ fenced: true, on_site: false, arrived_at: null });
    expect(offSite.state).toBe("ended");

    // The overstay check tells people with fleet_edit once per contract and state.
    const me = (await prisma.session.findFirst({ where: { companyId: 1 } }))!.userId;
    await runOverstayCheck();
    const eventId = `app:plant-hire:1:${onSite.id}:overdue:${day(-1)}`;
    const sent = await prisma.notification.findMany({ where: { userId: me, eventId } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toMatch(/^Overdue: /);
    expect(sent[0]!.link).toBe(`/dashboard/plant-hire/${onSite.id}`);
    expect(
      await prisma.notification.count({ where: { eventId: { contains: `:${offSite.id}:` } } }),
    ).toBe(0);
    await runOverstayCheck();
    expect(await prisma.notification.count({ where: { userId: me, eventId } })).toBe(1);

    // The hire report: on screen, as CSV and as PDF, with the site's arrival time.
    const report = (await (
      await call(reportLoader, get("/dashboard/plant-hire/report", admin))
    ).json()) as {
      rows: { id: number; cells: string[] }[];
      columns: string[];
    };
    const row = report.rows.find((r) => r.id === onSite.id)!;
    expect(row.cells[report.columns.indexOf("State")]).toBe("Overdue");
    expect(row.cells[report.columns.indexOf("Arrived on site")]).not.toBe("—");
    const csv = await call(reportFile, get("/dashboard/plant-hire/report/csv", admin), {
      params: { format: "csv" },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("Utilisation (hours)");
    expect(text).toContain("Overdue");
    const pdf = await call(reportFile, get("/dashboard/plant-hire/report/pdf", admin), {
      params: { format: "pdf" },
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text).toContain("Hire report");
    const nope = await call(reportFile, get("/dashboard/plant-hire/report/xls", admin), {
      params: { format: "xls" },
    });
    expect(nope.status).toBe(404);
  });
});

describe("supplier documents", () => {
  const upload = (id: number, file: Blob, name: string) => {
    const fd = new FormData();
    fd.append("document", file, name);
    return new Request(`${APP}/dashboard/suppliers/${id}/documents`, {
      method: "POST",
      body: fd,
      headers: { cookie: admin, origin: APP },
    });
  };

  it("uploads a PDF, lists and downloads it, refuses other types and big files, deletes after confirming", async () => {
    const a = await upstreamAuth("admin", "admin123");
    const s = (await listSuppliers(upstream(a.token), "plant_hire"))[0]!;
    const params = { id: String(s.id) };
    const ok = await call(
      uploadAction,
      upload(s.id, new Blob(["%PDF-1.4 insurance"], { type: "application/pdf" }), "insurance.pdf"),
      { params },
    );
    expect(ok.status).toBe(302);
    expect(await toastOf(ok)).toMatchObject({ type: "success" });
    const page = (await (
      await call(suppliersLoader, get(`/dashboard/suppliers?edit=${s.id}`, admin))
    ).json()) as { documents: { id: number; name: string }[] };
    const doc = page.documents.find((d) => d.name === "insurance.pdf")!;
    const dl = await call(
      documentLoader,
      get(`/dashboard/suppliers/${s.id}/documents/${doc.id}`, admin),
      {
        params: { id: String(s.id), doc: String(doc.id) },
      },
    );
    expect(dl.headers.get("content-type")).toBe("application/pdf");
    expect(dl.headers.get("content-disposition")).toContain('filename="insurance.pdf"');
    expect(await dl.text()).toBe("%PDF-1.4 insurance");
    // Under another supplier's id the document is not found.
    const other = (await listSuppliers(upstream(a.token), "parts"))[0]!;
    const wrong = await call(
      documentLoader,
      get(`/dashboard/suppliers/${other.id}/documents/${doc.id}`, admin),
      { params: { id: String(other.id), doc: String(doc.id) } },
    );
    expect(wrong.status).toBe(404);

    const gif = await call(uploadAction, upload(s.id, new Blob(["GIF89a...."]), "x.pdf"), {
      params,
    });
    expect(await toastOf(gif)).toMatchObject({
      type: "error",
      description: "Only PDF, JPEG or PNG documents may be added.",
    });
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47], 0);
    const tooBig = await call(uploadAction, upload(s.id, new Blob([big]), "big.png"), { params });
    expect(await toastOf(tooBig)).toMatchObject({
      type: "error",
      description: "The document is larger than the limit of 10 MB.",
    });
    const after = (await (
      await call(suppliersLoader, get(`/dashboard/suppliers?edit=${s.id}`, admin))
    ).json()) as { documents: { name: string }[] };
    expect(after.documents.map((d) => d.name)).not.toContain("big.png");

    const del = (f: Record<string, string>) =>
      call(suppliersAction, formPost(`/dashboard/suppliers?edit=${s.id}`, f, { cookie: admin }));
    const base = { intent: "delete-document", id: String(s.id), document: String(doc.id) };
    expect(await (await del(base)).json()).toEqual({ confirmDocument: doc.id });
    expect((await del({ ...base, confirm: "yes" })).status).toBe(302);
    const gone = (await (
      await call(suppliersLoader, get(`/dashboard/suppliers?edit=${s.id}`, admin))
    ).json()) as { documents: { id: number }[] };
    expect(gone.documents.some((d) => d.id === doc.id)).toBe(false);
  });
});
