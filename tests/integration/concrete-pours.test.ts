/**
 * Concrete pours through the routes' loaders and actions, against PostgreSQL and the simulator: a
 * sensor on an active pour cannot join another active pour; a limit set's minimum above its maximum
 * is refused with the typed values kept; the live pour page shows strength and the mass pour's
 * breach; the breach check notifies the rule's people once per breach however often it runs, and
 * a check that died between the upstream's claim and the notices still sends them (issue 37).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runBreachCheck } from "~/modules/concrete/jobs.server";
import { due, owedFor } from "~/modules/concrete/breach-notices.server";
import {
  claimNotice,
  listNotices,
  listPeople,
  listPours,
  listRules,
} from "~/modules/concrete/pours-upstream.server";
import { breachesOf, pourInputs } from "~/modules/concrete/view-pour.server";
import { owe } from "~/modules/notifications/index.server";
import { action as linkAction } from "~/routes/_shell.concrete.pour-device-link.$id._index";
import { action as limitAction } from "~/routes/_shell.concrete.mass-concrete-limit._index";
import { loader as viewLoader } from "~/routes/_shell.concrete.view-pour.$id";
import { loader as reportLoader } from "~/routes/concrete.pour-report.$id";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let admin = "";
const ADMIN = 1001;
const RAFT = 802;
const SLAB = 801;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  await sessionCookie("other", "other123");
}, 60_000);

type Reply = { errors: Record<string, string>; values: Record<string, string | string[]> };

describe("concrete pours", () => {
  it("refuses a sensor already on another active pour, naming that pour, and keeps the form", async () => {
    const res = await call(
      linkAction,
      formPost(
        `/concrete/pour-device-link/${SLAB}`,
        { intent: "link", imei: "354800190000004", position: "core", depth_mm: "100" },
        { cookie: admin },
      ),
      { params: { id: String(SLAB) } },
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as Reply;
    expect(body.errors.imei).toBe(
      'CureSense 04 (354800190000004) is already linked to the active pour "Raft foundation, core A": end that link first',
    );
    expect(body.values).toMatchObject({ imei: "354800190000004", depth_mm: "100" });
  });

  it("links a free sensor to a pour", async () => {
    const res = await call(
      linkAction,
      formPost(
        `/concrete/pour-device-link/${SLAB}`,
        {
          intent: "link",
          imei: "354800100000020",
          position: "core",
          depth_mm: "150",
          from: "",
          to: "",
        },
        { cookie: admin },
      ),
      { params: { id: String(SLAB) } },
    );
    expect(res.status).toBe(302);
  });

  it("refuses a minimum temperature above the maximum with the typed values kept", async () => {
    const fields = {
      intent: "save",
      name: "Piers",
      max_temp: "60",
      min_temp: "65",
      max_diff: "19.4",
      max_cooling: "2",
    };
    const res = await call(
      limitAction,
      formPost("/concrete/mass-concrete-limit", fields, { cookie: admin }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as Reply;
    expect(body.errors.min_temp).toBe("The minimum temperature must be below the maximum");
    expect(body.values).toMatchObject({ name: "Piers", max_temp: "60", min_temp: "65" });
    const made = await call(
      limitAction,
      formPost("/concrete/mass-concrete-limit", { ...fields, min_temp: "5" }, { cookie: admin }),
    );
    expect(made.status).toBe(302);
  });

  it("a check that died after claiming a breach at the upstream, before telling anyone: the next check tells them", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const api = upstream(auth.token);
    const now = Date.now();
    const owed = due(breachesOf(await pourInputs({ auth }, RAFT, now)), await listRules(api), now);
    const { breach, rule } = owed.find((o) => o.breach.kind === "difference")!;
    const pour = (await listPours(api)).find((p) => p.id === RAFT)!;
    // The dead pass: what the breach owes was held in the outbox, then the upstream took the claim.
    await owe(prisma, owedFor(1, pour, breach, rule, await listPeople(api)), "held");
    const claim = await claimNotice(api, {
      breach_id: breach.id,
      pour_id: RAFT,
      limit_id: breach.limitId,
      kind: breach.kind,
      started_at: new Date(breach.start).toISOString(),
      user_ids: rule.user_ids,
      channels: rule.channels,
    });
    expect(claim.created).toBe(true);
    expect(await prisma.notification.count({ where: { eventId: `concrete:${breach.id}` } })).toBe(
      0,
    );
    // The old code took the upstream's "already claimed" as "already told": nobody ever heard.
    await runBreachCheck();
    expect(
      await prisma.notification.count({
        where: { userId: ADMIN, eventId: `concrete:${breach.id}` },
      }),
    ).toBe(1);
    const rows = await prisma.outboxMessage.findMany({
      where: { key: { startsWith: `concrete-breach:1:${breach.id}:` } },
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => [r.key, r.state, r.lastError])).toEqual(
      rows.map((r) => [r.key, "sent", null]),
    );
  });

  it("shows the live pour: strength from the mix's curve, forecasts, the mass pour's difference breach", async () => {
    const slab = await call(viewLoader, get(`/concrete/view-pour/${SLAB}`, admin), {
      params: { id: String(SLAB) },
    });
    expect(slab.status).toBe(200);
    const s = (await slab.json()) as {
      strength: number | null;
      targets: Array<{ name: string; status: string; mpa: number | null }>;
      sensors: Array<{ maturity: number | null }>;
      evaporation: Array<{ rate: number; risk: string }>;
    };
    expect(s.strength).toBeGreaterThan(5);
    expect(s.targets.map((t) => t.status)).not.toContain("unknown");
    expect(s.targets[0]!.mpa).toBeCloseTo(32 * 0.7, 5);
    expect(s.evaporation.length).toBeGreaterThan(3);
    expect(s.sensors.filter((x) => x.maturity !== null).length).toBeGreaterThanOrEqual(2);

    const raft = await call(viewLoader, get(`/concrete/view-pour/${RAFT}`, admin), {
      params: { id: String(RAFT) },
    });
    const r = (await raft.json()) as {
      breaches: Array<{ kind: string; end: number | null; peak: number; threshold: number }>;
    };
    const diff = r.breaches.find((b) => b.kind === "difference")!;
    expect(diff).toMatchObject({ end: null, threshold: 19.4 });
    expect(diff.peak).toBeGreaterThan(19.4);
    expect(r.breaches.filter((b) => b.kind === "difference")).toHaveLength(1);
  });

  it("notifies the mass pour's breach once, however often the check runs", async () => {
    const before = await prisma.notification.count({ where: { kind: "concrete_breach" } });
    const mineBefore = await prisma.notification.count({
      where: { userId: ADMIN, kind: "concrete_breach" },
    });
    await runBreachCheck();
    await runBreachCheck();
    await runBreachCheck(Date.now() + 60_000);
    const mine = await prisma.notification.findMany({
      where: { userId: ADMIN, kind: "concrete_breach" },
    });
    const diff = mine.filter((n) => n.title.includes("core–surface difference"));
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({
      companyId: 1,
      link: `/concrete/view-pour/${RAFT}`,
      title: "Raft foundation, core A: core–surface difference above the limit",
    });
    expect(await prisma.notification.count({ where: { kind: "concrete_breach" } })).toBe(
      before + mine.length - mineBefore,
    );
    // The upstream holds one notice per breach; company 2 (no rule) heard nothing.
    const up = upstream((await upstreamAuth("admin", "admin123")).token);
    const notices = await listNotices(up, RAFT);
    expect(new Set(notices.map((n) => n.breach_id)).size).toBe(notices.length);
    expect(
      await prisma.notification.count({ where: { companyId: 2, kind: "concrete_breach" } }),
    ).toBe(0);
    expect((await listPours(up)).find((p) => p.id === RAFT)!.status).toBe("active");
  });

  it("writes the pour report as a PDF with its sign-off line", async () => {
    const res = await call(reportLoader, get(`/concrete/pour-report/${RAFT}`, admin), {
      params: { id: String(RAFT) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const { text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Pour report: Raft foundation, core A");
    expect(text).toContain("Core–surface difference above the limit");
    expect(text).toContain("Signed off by:");
  });
});
