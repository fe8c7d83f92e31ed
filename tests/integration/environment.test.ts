/**
 * Issue 22, environment and ftc through the routes' loaders and actions, against PostgreSQL and the
 * simulator: the device list with statuses; a year of readings charted in at most 2,000 points with
 * gaps as breaks; limits refused with messages next to the fields (typed values kept); a limit
 * already exceeded notifies once (the job does not repeat it); the sensor report as CSV, XLSX and
 * PDF; loads judged against their profiles, the failing one's shipment report naming the
 * excursion, and the sign-off.
 */
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { runSensorAlerts } from "~/modules/environment/jobs.server";
import {
  action as deviceAction,
  loader as deviceLoader,
} from "~/routes/dashboard.environment.$imei";
import { loader as listLoader } from "~/routes/dashboard.environment._index";
import { loader as reportLoader } from "~/routes/dashboard.environment_.$imei.report.$format";
import { action as loadAction, loader as loadLoader } from "~/routes/dashboard.ftc.$id";
import { loader as loadsLoader } from "~/routes/dashboard.ftc._index";
import { loader as shipmentLoader } from "~/routes/dashboard.ftc_.$id.report";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let admin = "";
let other = "";
let env = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  other = await sessionCookie("other", "other123");
}, 60_000);

type Row = {
  imei: string;
  kind: string;
  typeId: number;
  status: string;
  temperature: number | null;
};

describe("environment", () => {
  it("lists every environment and cold-chain device of the company with its latest readings", async () => {
    const res = await call(listLoader, get("/dashboard/environment", admin));
    const rows = ((await res.json()) as { rows: Row[] }).rows;
    const sensor = rows.find((r) => r.typeId === 57)!;
    env = sensor.imei;
    expect(sensor.kind).toBe("environment");
    expect(sensor.temperature).not.toBeNull();
    expect(rows.filter((r) => r.kind === "reefer").length).toBeGreaterThanOrEqual(2);
    const theirs = (
      (await (await call(listLoader, get("/dashboard/environment", other))).json()) as {
        rows: Row[];
      }
    ).rows;
    expect(theirs.map((r) => r.imei)).not.toContain(env);
    const foreign = await call(deviceLoader, get(`/dashboard/environment/${env}`, other), {
      params: { imei: env },
    });
    expect(foreign.status).toBe(404);
  });

  it("charts a year of 5-minute readings in at most 2,000 points, gaps as breaks, in °F when imperial", async () => {
    const res = await call(deviceLoader, get(`/dashboard/environment/${env}?range=1y`, admin), {
      params: { imei: env },
    });
    const data = (await res.json()) as {
      view: {
        chart: { t: number[]; v: Array<number | null> };
        gaps: unknown[];
        stats: { samples: number; mkt: number };
      };
    };
    expect(data.view.stats.samples).toBeGreaterThan(100_000);
    expect(data.view.chart.t.length).toBeLessThanOrEqual(2000);
    expect(data.view.gaps.length).toBeGreaterThan(10);
    expect(data.view.chart.v.filter((v) => v === null)).toHaveLength(data.view.gaps.length);
    expect(data.view.stats.mkt).toBeGreaterThan(2);
    const f = await call(
      deviceLoader,
      get(`/dashboard/environment/${env}?measurement=imperial`, admin),
      {
        params: { imei: env },
      },
    );
    const fv = ((await f.json()) as { view: { stats: { mean: number } } }).view.stats.mean;
    expect(fv).toBeGreaterThan(35);
  });

  it("refuses a bad limit with the message next to the field and the typed values kept", async () => {
    const post = (fields: Record<string, string>) =>
      call(
        deviceAction,
        formPost(
          `/dashboard/environment/${env}`,
          { intent: "save-limit", ...fields },
          { cookie: admin },
        ),
        {
          params: { imei: env },
        },
      );
    type Reply = {
      result: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    const above = await post({
      channel: "temperature",
      min: "9",
      max: "3",
      unit: "C",
      duration: "5",
    });
    expect(above.status).toBe(400);
    const a = (await above.json()) as Reply;
    expect(a.result.error.min).toEqual(["The minimum must not be above the maximum"]);
    expect(a.result.initialValue).toMatchObject({ min: "9", max: "3" });
    const negative = (await (
      await post({ channel: "temperature", min: "2", max: "8", unit: "C", duration: "-5" })
    ).json()) as Reply;
    expect(negative.result.error.duration).toEqual(["The duration cannot be negative"]);
    const unit = (await (
      await post({ channel: "humidity", min: "20", max: "80", unit: "K", duration: "5" })
    ).json()) as Reply;
    expect(unit.result.error.unit).toEqual(['Unknown unit "K": use % for humidity']);
    expect(unit.result.initialValue.unit).toBe("K");
  });

  it("a limit already exceeded notifies at once, once per excursion; the job does not repeat it", async () => {
    const before = await prisma.notification.count({ where: { kind: "temperature_out_of_range" } });
    const saved = await call(
      deviceAction,
      formPost(
        `/dashboard/environment/${env}`,
        {
          intent: "save-limit",
          channel: "temperature",
          min: "",
          max: "3",
          unit: "C",
          duration: "0",
        },
        { cookie: admin },
      ),
      { params: { imei: env } },
    );
    expect(saved.status).toBe(302);
    const made = await prisma.notification.findMany({
      where: { kind: "temperature_out_of_range", imei: env },
    });
    expect(made.length).toBeGreaterThan(before);
    expect(made[0]!.body).toMatch(/reads [\d.]+ °C, above its maximum of 3\.0 °C\.$/);
    const again = await runSensorAlerts();
    expect(again[1] ?? 0).toBe(0);
    // An unknown limit id of the device is a 404; removing the limit works.
    const gone = await call(
      deviceAction,
      formPost(
        `/dashboard/environment/${env}`,
        { intent: "delete-limit", id: "999999" },
        { cookie: admin },
      ),
      { params: { imei: env } },
    );
    expect(gone.status).toBe(404);
  });

  it("downloads the sensor report as CSV (every reading), XLSX and PDF", async () => {
    const dl = (f: string) =>
      call(
        reportLoader,
        get(`/dashboard/environment/${env}/report/${f}?channel=temperature&range=7d`, admin),
        {
          params: { imei: env, format: f },
        },
      );
    const csv = await (await dl("csv")).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toContain("Temperature (°C)");
    expect(lines.length).toBeGreaterThan(1500);
    const xlsx = Buffer.from(await (await dl("xlsx")).arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as never);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Summary", "Excursions", "Readings"]);
    expect(book.getWorksheet("Readings")!.rowCount).toBe(lines.length);
    const pdf = await pdfText(new Uint8Array(await (await dl("pdf")).arrayBuffer()));
    expect(pdf.text).toContain("Sensor report");
    expect(pdf.text).toContain("Mean kinetic temperature");
  });
});

type LoadRow = { id: number; product: string; pass: boolean; outMs: number; mkt: number | null };

describe("freight temperature control", () => {
  const loads = async (cookie = admin) =>
    (
      (await (await call(loadsLoader, get("/dashboard/ftc", cookie))).json()) as {
        loads: LoadRow[];
      }
    ).loads;

  it("judges each load against its profile: the vaccines fail, the frozen peas pass", async () => {
    const list = await loads();
    const vaccines = list.find((l) => l.product.startsWith("Vaccines"))!;
    const peas = list.find((l) => l.product.startsWith("Frozen peas"))!;
    expect(vaccines.pass).toBe(false);
    expect(vaccines.outMs).toBeGreaterThan(60 * 60_000);
    expect(peas.pass).toBe(true);
    expect(peas.mkt).toBeLessThan(-18);
    expect((await loads(other)).map((l) => l.product)).toEqual(["Insulin pens, 4 cartons"]);
  });

  it("the failing load's shipment report names the excursion; sign-off is validated, recorded and printed", async () => {
    const id = (await loads()).find((l) => l.product.startsWith("Vaccines"))!.id;
    const page = await call(loadLoader, get(`/dashboard/ftc/${id}`, admin), {
      params: { id: String(id) },
    });
    const data = (await page.json()) as {
      verdict: { pass: boolean; tiers: Array<{ pass: boolean; excursions: unknown[] }> };
    };
    expect(data.verdict.pass).toBe(false);
    expect(data.verdict.tiers.map((t) => t.pass)).toEqual([false, false]);
    const sign = (fields: Record<string, string>) =>
      call(
        loadAction,
        formPost(`/dashboard/ftc/${id}`, { intent: "signoff", ...fields }, { cookie: admin }),
        {
          params: { id: String(id) },
        },
      );
    const empty = await sign({ name: " ", note: "" });
    expect(empty.status).toBe(400);
    expect(
      ((await empty.json()) as { result: { error: Record<string, string[]> } }).result.error.name,
    ).toEqual(["Enter your name"]);
    expect((await sign({ name: "Quality Manager", note: "Batch quarantined" })).status).toBe(302);
    const again = await sign({ name: "Someone else", note: "" });
    expect(again.status).toBe(409);
    const res = await call(shipmentLoader, get(`/dashboard/ftc/${id}/report`, admin), {
      params: { id: String(id) },
    });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const { text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Shipment temperature report: HL-24021");
    expect(text).toContain("FAIL");
    expect(text).toMatch(/#1 above/);
    expect(text).toContain("Signed off by Quality Manager");
    const foreign = await call(shipmentLoader, get(`/dashboard/ftc/${id}/report`, other), {
      params: { id: String(id) },
    });
    expect(foreign.status).toBe(404);
  });

  it("the load page and its shipment report follow the reader's unit (°F when imperial)", async () => {
    const id = (await loads()).find((l) => l.product.startsWith("Vaccines"))!.id;
    type Page = {
      unit: string;
      chart: { v: Array<number | null> };
      verdict: {
        mkt: number;
        tiers: Array<{
          label: string;
          min: number;
          max: number;
          excursions: Array<{ peak: { v: number } }>;
        }>;
      };
    };
    const page = async (q: string) =>
      (await (
        await call(loadLoader, get(`/dashboard/ftc/${id}${q}`, admin), {
          params: { id: String(id) },
        })
      ).json()) as Page;
    const c = await page("");
    const f = await page("?measurement=imperial");
    expect(c.unit).toBe("°C");
    expect(f.unit).toBe("°F");
    expect(c.verdict.tiers[0]!.label).toBe("2–8 °C");
    expect(f.verdict.tiers[0]).toMatchObject({ label: "35.6–46.4 °F", min: 35.6, max: 46.4 });
    expect(f.verdict.mkt).toBeCloseTo((c.verdict.mkt * 9) / 5 + 32, 1);
    const peakC = c.verdict.tiers[0]!.excursions[0]!.peak.v;
    expect(f.verdict.tiers[0]!.excursions[0]!.peak.v).toBeCloseTo((peakC * 9) / 5 + 32, 1);
    const i = c.chart.v.findIndex((x) => x !== null);
    expect(f.chart.v[i]).toBeCloseTo((c.chart.v[i]! * 9) / 5 + 32, 1);

    const pdf = async (q: string) => {
      const res = await call(shipmentLoader, get(`/dashboard/ftc/${id}/report${q}`, admin), {
        params: { id: String(id) },
      });
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text;
    };
    const metric = await pdf("");
    const imperial = await pdf("?measurement=imperial");
    expect(metric).toContain("Peak (°C)");
    expect(metric).toContain(`${c.verdict.mkt.toFixed(2)} °C`);
    expect(imperial).toContain("Peak (°F)");
    expect(imperial).toContain("35.6–46.4 °F");
    expect(imperial).toContain(`${f.verdict.mkt.toFixed(2)} °F`);
    // Only the profile's own name ("2–8 °C pharmaceuticals") still says °C.
    expect(imperial.replaceAll("2–8 °C pharmaceuticals", "")).not.toContain("°C");
  });
});
