/**
 * The driver report (issue 18) against PostgreSQL and the simulator: on screen, as CSV and PDF,
 * and scheduled; its incidents are the tracking service's safety events of the period less the
 * dismissed ones, and only drivers managers may open it.
 */
import crypto from "node:crypto";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { loader as catalogueLoader } from "~/routes/dashboard.reports";
import { loader as reportLoader } from "~/routes/dashboard.reports.$kind";
import { loader as downloadLoader } from "~/routes/dashboard.reports.$kind.download";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import * as up from "~/services/upstream/index.server";
import * as dup from "~/modules/drivers/upstream.server";
import { saveReview } from "~/modules/drivers/data.server";
import { localDay } from "~/modules/reports/catalogue";
import { createSchedule, parseScheduleForm } from "~/modules/reports/report-schedules.server";
import { reportTick } from "~/modules/reports/report-scheduler.server";
import { rangeOf, reportTimeZone } from "~/modules/reports/reports.server";
import { parseCsv } from "../support/csv";
import { pdfText } from "../support/pdf";
import { useTestDatabase } from "../support/db";
import { useSmtpServer } from "../support/smtp";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

let smtp: Awaited<ReturnType<typeof useSmtpServer>>;
const cookies = new Map<string, string>();
async function cookieOf(username: string, password: string) {
  if (!cookies.has(username)) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status).toBe(302);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  smtp = await useSmtpServer();
}, 60_000);

const KIND = { params: { kind: "driver-safety" } };
type View = {
  headers: string[];
  rows: string[][];
  rowCount: number;
  totals: string[];
  headline: { label: string; value: string }[];
};

describe("driver report", () => {
  it("lists each driver with trips, distance, driving time, score and incidents by behaviour; dismissed incidents do not count; CSV and PDF agree", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const cookie = await cookieOf("admin", "admin123");
    const tz = await reportTimeZone(auth);
    const q = `from=${localDay(Date.now() - 13 * 86_400_000, tz)}&to=${localDay(Date.now(), tz)}`;
    const range = rangeOf({ imeis: [], groups: [], from: q.slice(5, 15), to: q.slice(-10) }, tz);
    const events = (
      await dup.safetyEvents(upstream(auth.token), {
        from: new Date(range.from - 86_400_000).toISOString(),
        to: new Date(range.to + 86_400_000).toISOString(),
      })
    ).filter((e) => Date.parse(e.time) >= range.from && Date.parse(e.time) < range.to);
    expect(events.length).toBeGreaterThan(2);
    // Dismiss one: the report counts one fewer.
    await saveReview(auth.companyId, events[0]!.id, {
      status: "dismissed",
      reason: "False alarm",
      note: null,
      by: "test",
    });

    const res = await call(
      reportLoader,
      get(`/dashboard/reports/driver-safety?${q}`, cookie),
      KIND,
    );
    expect(res.status).toBe(200);
    const view = ((await res.json()) as { view: View }).view;
    expect(view.headers.slice(0, 8)).toEqual([
      "Driver",
      "Trips",
      "Distance (km)",
      "Driving time",
      "Score",
      "Risk",
      "Previous score",
      "Incidents",
    ]);
    expect(view.headers).toContain("Harsh braking");
    expect(view.headers).toContain("Phone use");
    expect(view.rowCount).toBeGreaterThanOrEqual(5);
    const incidents = view.headers.indexOf("Incidents");
    expect(Number(view.totals[incidents])).toBe(events.length - 1);
    expect(view.rows.some((r) => /risk$/.test(r[5]!))).toBe(true);
    expect(view.headline.map((h) => h.label)).toEqual([
      "Fleet score",
      "Incidents",
      "Scoring settings",
    ]);
    expect(view.headline[1]!.value).toMatch(
      new RegExp(`^${events.length - 1} \\(previous \\d+\\)$`),
    );

    const csv = await call(
      downloadLoader,
      get(`/dashboard/reports/driver-safety/download?format=csv&${q}`, cookie),
      KIND,
    );
    expect(csv.status).toBe(200);
    const rows = parseCsv((await csv.text()).replace(/^\uFEFF/, "").trimEnd());
    expect(rows[0]).toEqual(view.headers);
    expect(rows).toHaveLength(view.rowCount + 2);
    expect(rows.at(-1)![incidents]).toBe(view.totals[incidents]);
    // Incidents are the sum of the behaviours, row by row.
    for (const r of rows.slice(1, -1))
      expect(r.slice(incidents + 1).reduce((s, x) => s + Number(x), 0)).toBe(Number(r[incidents]));

    const pdf = await call(
      downloadLoader,
      get(`/dashboard/reports/driver-safety/download?format=pdf&${q}`, cookie),
      KIND,
    );
    const { text } = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("Driver safety");
    expect(text).toContain(rows[1]![0]!);
  }, 60_000);

  it("as XLSX: the same rows and totals as the CSV and the screen, numbers kept as numbers", async () => {
    const cookie = await cookieOf("admin", "admin123");
    const tz = await reportTimeZone(await upstreamAuth("admin", "admin123"));
    const q = `from=${localDay(Date.now() - 20 * 86_400_000, tz)}&to=${localDay(Date.now(), tz)}`;
    const view = (
      (await (
        await call(reportLoader, get(`/dashboard/reports/driver-safety?${q}`, cookie), KIND)
      ).json()) as { view: View }
    ).view;
    const download = (format: string) =>
      call(
        downloadLoader,
        get(`/dashboard/reports/driver-safety/download?format=${format}&${q}`, cookie),
        KIND,
      );
    const csv = parseCsv((await (await download("csv")).text()).replace(/^\uFEFF/, "").trimEnd());
    const res = await download("xlsx");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = book.getWorksheet("Report")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Driver safety");
    // Row 3 holds the headers, then one row per driver and the totals, as in the CSV.
    const rows: unknown[][] = [];
    for (let r = 3; r <= sheet.rowCount; r++)
      rows.push(csv[0]!.map((_, c) => sheet.getRow(r).getCell(c + 1).value ?? ""));
    expect(rows).toHaveLength(csv.length);
    expect(rows[0]).toEqual(view.headers);
    expect(rows.length - 2).toBe(view.rowCount);
    const incidents = view.headers.indexOf("Incidents");
    expect(typeof rows[1]![incidents]).toBe("number");
    for (const [i, row] of rows.entries())
      for (const [c, x] of row.entries()) {
        const text = csv[i]![c]!;
        if (typeof x !== "number") expect(String(x), `${i}:${c}`).toBe(text);
        else {
          // The CSV prints the number rounded to its column's decimals; the sheet keeps it whole.
          const decimals = text.split(".")[1]?.length ?? 0;
          expect(Math.abs(Number(text) - x), `${i}:${c}`).toBeLessThanOrEqual(
            0.5 * 10 ** -decimals + 1e-9,
          );
        }
      }
    expect(rows.at(-1)![incidents]).toBe(Number(view.totals[incidents]));
  }, 60_000);

  it("a user without drivers_manage neither sees nor opens it", async () => {
    const cookie = await cookieOf("driver", "driver123");
    const list = (await (
      await call(catalogueLoader, get("/dashboard/reports", cookie))
    ).json()) as {
      reports: { kind: string }[];
    };
    expect(list.reports.length).toBeGreaterThan(0);
    expect(list.reports.map((r) => r.kind)).not.toContain("driver-safety");
    for (const path of [
      "/dashboard/reports/driver-safety",
      "/dashboard/reports/driver-safety/download?format=csv",
    ]) {
      const loader = path.includes("download") ? downloadLoader : reportLoader;
      const res = await call(loader, get(path, cookie), KIND).catch((e: Response) => e);
      expect(res.status).toBe(403);
    }
  });

  it("a scheduled driver report is mailed as a PDF", async () => {
    const r = await up.login(upstream(null), { username: "admin", password: "admin123" });
    if (!r.ok) throw new Error("sign-in failed");
    const owner = { userId: r.user.username_id, companyId: r.user.companyid };
    await prisma.session.create({
      data: {
        id: crypto.randomBytes(16).toString("hex"),
        ...owner,
        data: { token: r.token, tokenExp: Math.floor(Date.now() / 1000) + 172_800 },
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const f = new FormData();
    for (const [k, v] of Object.entries({
      reportKind: "driver-safety",
      frequency: "daily",
      timeOfDay: "07:00",
      timeZone: "Australia/Brisbane",
      period: "last_week",
      format: "pdf",
      recipients: "safety@example.com",
      subject: "Weekly driver safety",
      message: "",
      enabled: "on",
    }))
      f.append(k, v);
    const parsed = parseScheduleForm(f);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const s = await createSchedule(owner, parsed.value);
    await prisma.reportSchedule.update({
      where: { id: s.id },
      data: { nextRunAt: new Date(Date.now() - 60_000) },
    });
    expect(await reportTick()).toMatchObject({ created: 1, outcomes: { sent: 1 } });
    const end = Date.now() + 5000;
    while (!smtp.mails.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    const mail = smtp.mails[0]!;
    expect(mail.subject).toBe("Weekly driver safety");
    expect(mail.text).toContain("Fleet score");
    const att = mail.attachments[0]!;
    expect(att.filename).toMatch(/^driver-safety-\d{4}-\d{2}-\d{2}\.pdf$/);
    // Every header fits the page: none is cut short.
    // Headers wrap inside their column: read the words in order, whatever the line breaks.
    const text = (await pdfText(att.content)).text.replace(/\s+/g, " ");
    for (const h of ["Harsh acceleration", "Excessive speeding", "Previous score", "Distraction"])
      expect(text).toContain(h);
  }, 60_000);
});
