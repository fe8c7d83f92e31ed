/**
 * Fill-in links end to end against PostgreSQL and the simulator: the dashboard (permissions,
 * validation, tenant 404s, revocation after confirmation, the upstream down), the public page (only
 * the allow-listed snapshot in its data and HTML, the same 404 for guessed, expired and revoked
 * links, answers checked against the snapshot, the rate limit, never a 5xx), and forwarding (at
 * once, later by the job when the upstream or a session was missing, never twice).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  loader as dashboardLoader,
  action as dashboardAction,
} from "~/routes/dashboard.dashboard-forms";
import { loader as publicLoader, action as publicAction } from "~/routes/forms.$id";
import { loader as thanksLoader } from "~/routes/form-submitted-thankyou";
import { action as loginAction } from "~/routes/login";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { storedToken } from "~/services/session.server";
import { forwardSubmission, NO_SESSION_ERROR } from "~/modules/forms/form-forwarding.server";
import { createFormLink } from "~/modules/forms/form-links.server";
import {
  addressKey,
  FORM_RATE_LIMIT_MESSAGE,
  FORM_SUBMISSION_LIMIT,
} from "~/services/rate-limit.server";
import { newShareToken } from "~/services/share-links.server";
import { listFormSubmissions } from "~/modules/forms/upstream.server";
import { resetBreakers } from "~/services/upstream/resilience";
import { jobs } from "../../app/modules/jobs.server";
import { runFormForwarding } from "../../app/modules/forms/jobs.server";
import type { Simulator } from "../../server/sim/index";
import { truncate, useTestDatabase } from "../support/db";
import { APP, call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { promisedHandler } from "../support/build";

const PAGE = "/dashboard/dashboard-forms";
const INTERNAL = [
  "created_by",
  "company_id",
  "companyId",
  "companyid",
  "notify_emails",
  "internal_notes",
  "export_column",
  "safety@harbour.example",
  "Alex Morgan",
  "workshop manager",
  "VEHICLE",
];
const GOOD = {
  vehicle: "TRK-12",
  odometer: "120345",
  check_date: "2026-02-28",
  tyres: "OK",
  lights_ok: "yes",
  defects: "",
};

let sim: Simulator;
let dbUrl: string;
let html: (request: Request) => Promise<Response>;
const cookies: Record<string, string> = {};

async function signIn(username: string, password: string) {
  const res = await call(loginAction, formPost("/login", { username, password }));
  expect(res.status, `sign-in ${username}`).toBe(302);
  return cookieFrom(res);
}

async function faults(f: Record<string, unknown>) {
  await fetch(`${sim.url}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(f),
  });
  resetBreakers();
}

/** Makes a link through the dashboard as `user`; returns its token. */
async function makeLink(user = "admin", fields: Record<string, string> = {}) {
  const res = await call(
    dashboardAction,
    formPost(
      PAGE,
      { intent: "link-create", formId: "301", label: "Depot QR code", minutes: "1440", ...fields },
      { cookie: cookies[user]! },
    ),
  );
  expect(res.status).toBe(302);
  return decodeURIComponent(
    new URL(res.headers.get("location")!, APP).searchParams.get("created")!,
  );
}

const submit = (token: string, fields: Record<string, string>, clientAddress = "198.51.100.7") =>
  call(publicAction, formPost(`/forms/${token}`, fields), { params: { id: token }, clientAddress });

async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  dbUrl = await useTestDatabase();
  sim = await useSimulator();
  for (const [u, p] of [
    ["admin", "admin123"],
    ["other", "other123"],
    ["driver", "driver123"],
    ["demo", "demo123"],
  ] as const)
    cookies[u] = await signIn(u, p);
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = promisedHandler(build);
  html = (r) => handler(r, { cspNonce: "n", clientAddress: "198.51.100.7" });
});

beforeEach(async () => {
  await faults({ down: false, failPaths: [] });
  await truncate(dbUrl, ["FormSubmission", "FormLink"]);
});

describe("the forms dashboard", () => {
  it("lists the company's forms from the upstream and makes a link with a 256-bit base64url token", async () => {
    const res = await call(dashboardLoader, get(PAGE, cookies.admin));
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.forms.map((f: { id: number; title: string }) => [f.id, f.title])).toEqual([
      [301, "Vehicle pre-start check"],
      [302, "Incident report"],
      [303, "Delivery sign-off"],
    ]);
    expect(data.canManage).toBe(true);
    expect(JSON.stringify(data.forms)).not.toContain("notify_emails");

    const token = await makeLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const after = await (
      await call(dashboardLoader, get(`${PAGE}?created=${token}`, cookies.admin))
    ).json();
    expect(after.created).toBe(token);
    expect(after.links).toEqual([
      expect.objectContaining({
        id: token,
        formId: 301,
        label: "Depot QR code",
        status: "active",
        active: true,
        submissions: 0,
        title: "Vehicle pre-start check",
      }),
    ]);
    const link = await prisma.formLink.findUniqueOrThrow({ where: { id: token } });
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(24 * 3_600_000);
    expect(link).toMatchObject({ companyId: 1, formId: 301, createdBy: 1001 });
  });

  it("makes a link for a printed label that works for a year, and no longer than that", async () => {
    const token = await makeLink("admin", { label: "Trailer 7 label", minutes: String(525_600) });
    const link = await prisma.formLink.findUniqueOrThrow({ where: { id: token } });
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(365 * 24 * 3_600_000);
    const longer = await call(
      dashboardAction,
      formPost(
        PAGE,
        { intent: "link-create", formId: "301", label: "x", minutes: String(525_601) },
        { cookie: cookies.admin! },
      ),
    );
    expect(longer.status).toBe(400);
  });

  it("answers a bad create with the message next to the field and what was typed, and makes nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ label: "   " }, "label", "Say who the link is for, e.g. Depot QR code."],
      [{ label: "x".repeat(81) }, "label", "Use at most 80 characters."],
      [{ minutes: "1" }, "minutes", "Choose how long the link works."],
      [{ minutes: "forever" }, "minutes", "Choose how long the link works."],
    ];
    for (const [fields, field, message] of cases) {
      const res = await call(
        dashboardAction,
        formPost(
          PAGE,
          { intent: "link-create", formId: "301", label: "Subbies", minutes: "60", ...fields },
          { cookie: cookies.admin! },
        ),
      );
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.formId).toBe(301);
      expect(body.reply.error[field]).toEqual([message]);
      expect(body.reply.initialValue.label).toBe(fields.label ?? "Subbies");
    }
    expect(await prisma.formLink.count()).toBe(0);
  });

  it("needs forms_view to look and forms_add or forms_edit to make or revoke links", async () => {
    expect((await call(dashboardLoader, get(PAGE, cookies.driver))).status).toBe(403);
    expect(
      (
        await call(
          dashboardAction,
          formPost(
            PAGE,
            { intent: "link-create", formId: "301", label: "x", minutes: "60" },
            { cookie: cookies.driver! },
          ),
        )
      ).status,
    ).toBe(403);
    expect((await call(dashboardLoader, get(PAGE))).status).toBe(302);
    // The demo user keeps forms_view but loses forms_add and forms_edit.
    const demo = await prisma.session.findFirstOrThrow({ where: { userId: 1004 } });
    const data = demo.data as { user: { permissions: Record<string, boolean> } };
    data.user.permissions = { ...data.user.permissions, forms_add: false, forms_edit: false };
    await prisma.session.update({ where: { id: demo.id }, data: { data } });
    const view = await call(dashboardLoader, get(PAGE, cookies.demo));
    expect(view.status).toBe(200);
    expect((await view.json()).canManage).toBe(false);
    const token = await makeLink();
    for (const fields of [
      { intent: "link-create", formId: "301", label: "x", minutes: "60" },
      { intent: "link-revoke", id: token, confirm: "yes" },
    ] as Record<string, string>[]) {
      expect(
        (await call(dashboardAction, formPost(PAGE, fields, { cookie: cookies.demo! }))).status,
      ).toBe(403);
    }
    expect(
      (await prisma.formLink.findUniqueOrThrow({ where: { id: token } })).revokedAt,
    ).toBeNull();
    data.user.permissions = { ...data.user.permissions, forms_add: true };
    await prisma.session.update({ where: { id: demo.id }, data: { data } });
    expect((await (await call(dashboardLoader, get(PAGE, cookies.demo))).json()).canManage).toBe(
      true,
    );
  });

  it("revokes only after a confirmation; another company's link or form is a 404 at every step", async () => {
    const token = await makeLink();
    const ask = await call(
      dashboardAction,
      formPost(PAGE, { intent: "link-revoke", id: token }, { cookie: cookies.admin! }),
    );
    expect(await ask.json()).toEqual({ intent: "link-revoke", confirmFor: token });
    expect(
      (await prisma.formLink.findUniqueOrThrow({ where: { id: token } })).revokedAt,
    ).toBeNull();
    for (const fields of [
      { intent: "link-revoke", id: token },
      { intent: "link-revoke", id: token, confirm: "yes" },
      { intent: "link-create", formId: "301", label: "Mine", minutes: "60" },
    ] as Record<string, string>[]) {
      const res = await call(dashboardAction, formPost(PAGE, fields, { cookie: cookies.other! }));
      expect(res.status, JSON.stringify(fields)).toBe(404);
    }
    expect((await call(dashboardLoader, get(`${PAGE}?link=${token}`, cookies.other))).status).toBe(
      404,
    );
    expect(
      (await prisma.formLink.findUniqueOrThrow({ where: { id: token } })).revokedAt,
    ).toBeNull();
    expect(await prisma.formLink.count()).toBe(1);
    const done = await call(
      dashboardAction,
      formPost(
        PAGE,
        { intent: "link-revoke", id: token, confirm: "yes" },
        { cookie: cookies.admin! },
      ),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${PAGE}?done=revoked`);
    const data = await (
      await call(dashboardLoader, get(`${PAGE}?done=revoked`, cookies.admin))
    ).json();
    expect(data.links[0]).toMatchObject({ id: token, status: "revoked", active: false });
    expect(data.done).toBe("revoked");
  });

  it("keeps links and answers visible with a clear message while the upstream is down, and makes no link then", async () => {
    const token = await makeLink();
    expect((await submit(token, GOOD)).status).toBe(302);
    await until(
      () => prisma.formSubmission.findFirstOrThrow(),
      (r) => r.forwardedAt !== null,
      "the first forward",
    );
    await faults({ down: true });
    const data = await (await call(dashboardLoader, get(PAGE, cookies.admin))).json();
    expect(data.forms).toBeNull();
    expect(data.formsError).toMatch(/could not be loaded from the tracking service/);
    expect(data.links.map((l: { id: string }) => l.id)).toEqual([token]);
    expect(data.submissions).toHaveLength(1);
    const res = await call(
      dashboardAction,
      formPost(
        PAGE,
        { intent: "link-create", formId: "301", label: "Later", minutes: "60" },
        { cookie: cookies.admin! },
      ),
    );
    expect(res.status).toBe(503);
    expect((await res.json()).reply.error[""]).toEqual([
      "The tracking service did not answer, so no link was made. Please try again in a moment.",
    ]);
    expect(await prisma.formLink.count()).toBe(1);
  });
});

describe("the public form", () => {
  it("gives the allow-listed snapshot only: no internal field, company id, session or token in its data or HTML", async () => {
    const token = await makeLink();
    const res = await call(publicLoader, get(`/forms/${token}`), { params: { id: token } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    const data = await res.json();
    expect(Object.keys(data).sort()).toEqual(["company", "expiresAt", "form"]);
    // Whose form it is, by name (kept with the link) and logo, never by the company's id.
    expect(data.company).toEqual({ name: "Harbour Logistics", logo: null });
    expect(Object.keys(data.form).sort()).toEqual(["description", "fields", "title", "version"]);
    for (const f of data.form.fields)
      expect(
        Object.keys(f).every((k) =>
          ["id", "label", "type", "required", "options", "min", "max"].includes(k),
        ),
      ).toBe(true);
    expect(data.form.fields.map((f: { id: string }) => f.id)).toEqual([
      "vehicle",
      "odometer",
      "check_date",
      "tyres",
      "lights_ok",
      "defects",
    ]);

    // The page as a signed-in admin's browser would get it: still nothing of the session.
    const session = await prisma.session.findFirstOrThrow({ where: { userId: 1001 } });
    const upstreamToken = storedToken(session.data)!;
    const page = await html(
      new Request(`${APP}/forms/${token}`, { headers: { cookie: cookies.admin! } }),
    );
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Vehicle pre-start check");
    expect(text).toContain("Lights and indicators work");
    for (const secret of [
      ...INTERNAL,
      upstreamToken,
      session.id,
      upstreamToken.split(".")[1]!,
      '"companyId"',
    ])
      expect(text, secret).not.toContain(secret);
    expect(JSON.stringify(data)).not.toMatch(new RegExp(INTERNAL.join("|")));
  });

  it("answers a guessed, malformed, expired or revoked link with the same 404, to the page and to answers", async () => {
    const admin = await upstreamAuth("admin", "admin123");
    const expired = await createFormLink(
      admin,
      1001,
      { formId: 302, label: "Old", minutes: 60 },
      Date.now() - 61 * 60_000,
    );
    const revoked = await makeLink();
    await call(
      dashboardAction,
      formPost(
        PAGE,
        { intent: "link-revoke", id: revoked, confirm: "yes" },
        { cookie: cookies.admin! },
      ),
    );
    const bodies = new Set<string>();
    for (const token of [newShareToken(), "short", "x".repeat(200), expired.id, revoked]) {
      const res = await call(publicLoader, get(`/forms/${token}`), { params: { id: token } });
      expect(res.status, token).toBe(404);
      expect((await submit(token, GOOD)).status).toBe(404);
      const page = await html(new Request(`${APP}/forms/${encodeURIComponent(token)}`));
      expect(page.status).toBe(404);
      const text = await page.text();
      expect(text).toContain("This link is not valid or has expired");
      // Beyond the token in the URL itself, the page is the same for every kind of bad link.
      bodies.add(text.replaceAll(encodeURIComponent(token), "TOKEN").replace(/nonce="[^"]*"/g, ""));
    }
    expect(bodies.size).toBe(1);
    expect(await prisma.formSubmission.count()).toBe(0);
  });

  it("checks answers against the snapshot: 422 with the message next to each question and the answers kept", async () => {
    const token = await makeLink();
    const res = await submit(token, {
      ...GOOD,
      odometer: "lots",
      tyres: "Flat",
      lights_ok: "",
      vehicle: "  ",
      defects: "Cracked mirror",
    });
    expect(res.status).toBe(422);
    const reply = await res.json();
    expect(reply.error).toEqual({
      vehicle: ["Please answer this question."],
      odometer: ["Please enter a number, e.g. 12 or 12.5."],
      tyres: ["Please choose one of the options."],
      lights_ok: ["Please answer yes or no."],
    });
    expect(reply.initialValue).toMatchObject({
      odometer: "lots",
      defects: "Cracked mirror",
      check_date: "2026-02-28",
    });
    // Issue 38.6: the seeded odometer question has a min of 0, and a link checks it.
    const negative = await submit(token, { ...GOOD, odometer: "-5" });
    expect(negative.status).toBe(422);
    expect((await negative.json()).error).toEqual({
      odometer: ["Please enter a number of at least 0."],
    });
    expect(await prisma.formSubmission.count()).toBe(0);
    // Without JavaScript the page itself shows them.
    const page = await html(
      new Request(`${APP}/forms/${token}`, {
        method: "POST",
        body: new URLSearchParams({ ...GOOD, odometer: "lots" }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: APP,
          host: new URL(APP).host,
        },
      }),
    );
    expect(page.status).toBe(422);
    const text = await page.text();
    expect(text).toContain("Please enter a number, e.g. 12 or 12.5.");
    expect(text).toContain('value="TRK-12"');
  });

  it("stores good answers, goes to the thank-you page and forwards them to the upstream at once", async () => {
    const token = await makeLink();
    const res = await submit(token, {
      ...GOOD,
      defects: "Chipped windscreen",
      smuggled: "<script>",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/form-submitted-thankyou?form=${token}`);
    const row = await until(
      () => prisma.formSubmission.findFirstOrThrow(),
      (r) => r.forwardedAt !== null,
      "the first forward",
    );
    expect(row).toMatchObject({
      companyId: 1,
      formId: 301,
      linkId: token,
      attempts: 1,
      lastError: null,
      rejectedAt: null,
    });
    expect(row.answers).toEqual({
      vehicle: "TRK-12",
      odometer: 120345,
      check_date: "2026-02-28",
      tyres: "OK",
      lights_ok: true,
      defects: "Chipped windscreen",
    });
    expect(row.addressKey).not.toContain("198.51.100.7");
    const admin = await upstreamAuth("admin", "admin123");
    const upstreamRows = await listFormSubmissions(upstream(admin.token), 301);
    const mine = upstreamRows.filter((s) => s.reference === row.id);
    expect(mine).toEqual([
      expect.objectContaining({
        id: row.upstreamId,
        answers: row.answers,
        link_label: "Depot QR code",
      }),
    ]);

    const thanks = await (
      await call(thanksLoader, get(`/form-submitted-thankyou?form=${token}`))
    ).json();
    expect(thanks).toEqual({ title: "Vehicle pre-start check", again: `/forms/${token}` });
    for (const q of ["", `?form=${newShareToken()}`, "?form=nonsense"]) {
      const r = await call(thanksLoader, get(`/form-submitted-thankyou${q}`));
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ title: null, again: null });
    }

    const board = await (
      await call(dashboardLoader, get(`${PAGE}?link=${token}`, cookies.admin))
    ).json();
    expect(board.filter).toEqual({
      id: token,
      label: "Depot QR code",
      title: "Vehicle pre-start check",
    });
    expect(board.links[0].submissions).toBe(1);
    expect(board.submissions).toEqual([
      expect.objectContaining({
        id: row.id,
        status: "forwarded",
        linkLabel: "Depot QR code",
        title: "Vehicle pre-start check",
      }),
    ]);
    expect(board.submissions[0].answers).toContainEqual({
      id: "lights_ok",
      label: "Lights and indicators work",
      value: "Yes",
    });
  });

  it("limits answers per link and address, keeping what was typed; other addresses still get through", async () => {
    const token = await makeLink();
    const key = addressKey("198.51.100.7");
    await prisma.formSubmission.createMany({
      data: Array.from({ length: FORM_SUBMISSION_LIMIT.max }, () => ({
        linkId: token,
        companyId: 1,
        formId: 301,
        answers: {},
        addressKey: key,
        forwardedAt: new Date(),
      })),
    });
    const res = await submit(token, GOOD);
    expect(res.status).toBe(429);
    const reply = await res.json();
    expect(reply.error[""]).toEqual([FORM_RATE_LIMIT_MESSAGE]);
    expect(reply.initialValue.vehicle).toBe("TRK-12");
    expect((await submit(token, GOOD, "198.51.100.8")).status).toBe(302);
    expect(await prisma.formSubmission.count()).toBe(FORM_SUBMISSION_LIMIT.max + 1);
    await until(
      () => prisma.formSubmission.count({ where: { forwardedAt: null } }),
      (n) => n === 0,
      "the forward",
    );
  });

  it("never answers 5xx, whatever is posted to a live link (property-based)", async () => {
    const token = await makeLink();
    const keys = fc.constantFrom(
      "vehicle",
      "odometer",
      "check_date",
      "tyres",
      "lights_ok",
      "defects",
      "other",
      "__intent__",
      "vehicle.x",
      "tyres[0]",
    );
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "",
        " ",
        "on",
        "OK",
        "1e309",
        "-0",
        "2026-02-29",
        "NaN",
        "\u0000",
        "x".repeat(6000),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(keys, value, { maxKeys: 8 }),
        fc.integer({ min: 1, max: 250 }),
        async (fields, n) => {
          const res = await submit(token, fields as Record<string, string>, `203.0.113.${n}`);
          expect([302, 422, 429], JSON.stringify(fields)).toContain(res.status);
        },
      ),
      { numRuns: 150, seed: 20261123 },
    );
  });
});

describe("forwarding", () => {
  it("keeps answers the upstream missed and lets the job send them later, once", async () => {
    const token = await makeLink();
    await faults({ down: true });
    expect((await submit(token, GOOD)).status).toBe(302);
    const pending = await until(
      () => prisma.formSubmission.findFirstOrThrow(),
      (r) => r.attempts === 1 && r.lastError !== null,
      "the failed first attempt",
    );
    expect(pending.forwardedAt).toBeNull();
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await faults({ down: false });
    // Not due yet: the job leaves it alone.
    expect((await runFormForwarding()).forwarded).toBe(0);
    expect(await runFormForwarding(Date.now() + 60_000)).toMatchObject({ forwarded: 1 });
    const sent = await prisma.formSubmission.findUniqueOrThrow({ where: { id: pending.id } });
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    // A repeat whose first answer was lost (forwardedAt never written) is recognised by the upstream.
    await prisma.formSubmission.update({
      where: { id: sent.id },
      data: { forwardedAt: null, nextAttemptAt: new Date(0) },
    });
    expect(await forwardSubmission(sent.id)).toBe("forwarded");
    const admin = await upstreamAuth("admin", "admin123");
    expect(
      (await listFormSubmissions(upstream(admin.token), 301)).filter(
        (s) => s.reference === sent.id,
      ),
    ).toHaveLength(1);
    expect(await forwardSubmission(sent.id)).toBe("skipped");
    expect(jobs.find((j) => j.name === "form-forward")?.cron).toBe("* * * * *");
  });

  it("asks the upstream for a form once per run of the job, not once per submission", async () => {
    const token = await makeLink();
    expect(
      (await prisma.formLink.findUniqueOrThrow({ where: { id: token } })).formCreatedAt,
    ).not.toBeNull();
    await prisma.formSubmission.createMany({
      data: [1, 2, 3].map((n) => ({
        linkId: token,
        companyId: 1,
        formId: 301,
        answers: {
          vehicle: `TRK-${n}`,
          odometer: n,
          check_date: "2026-01-01",
          tyres: "OK",
          lights_ok: true,
        },
        addressKey: `k${n}`,
      })),
    });
    const spy = vi.spyOn(globalThis, "fetch");
    try {
      expect(await runFormForwarding()).toMatchObject({ forwarded: 3 });
      const formReads = spy.mock.calls.filter(
        ([url, init]) =>
          new URL(String(url)).pathname === "/forms/forms/301" && (init?.method ?? "GET") === "GET",
      );
      expect(formReads).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("waits for a session of the company, and stops for good when the upstream refuses the answers", async () => {
    const token = await makeLink();
    const saved = await prisma.session.findMany({ where: { companyId: 1 } });
    await prisma.session.deleteMany({ where: { companyId: 1 } });
    try {
      const row = await prisma.formSubmission.create({
        data: {
          linkId: token,
          companyId: 1,
          formId: 301,
          answers: {
            vehicle: "TRK-1",
            odometer: 1,
            check_date: "2026-01-01",
            tyres: "OK",
            lights_ok: true,
          },
          addressKey: "k",
        },
      });
      expect(await forwardSubmission(row.id)).toBe("pending");
      expect(
        (await prisma.formSubmission.findUniqueOrThrow({ where: { id: row.id } })).lastError,
      ).toBe(NO_SESSION_ERROR);
    } finally {
      await prisma.session.createMany({
        data: saved.map((s) => ({ ...s, data: s.data as object })),
      });
    }
    const bad = await prisma.formSubmission.create({
      data: {
        linkId: token,
        companyId: 1,
        formId: 301,
        answers: { vehicle: "TRK-1" },
        addressKey: "k",
      },
    });
    expect(await forwardSubmission(bad.id)).toBe("rejected");
    const refused = await prisma.formSubmission.findUniqueOrThrow({ where: { id: bad.id } });
    expect(refused.rejectedAt).not.toBeNull();
    expect(refused.lastError).toContain("answers.odometer is required");
    // The job sends the one that waited for a session, and leaves the refused one alone.
    expect(await runFormForwarding(Date.now() + 3_600_000)).toEqual({
      forwarded: 1,
      pending: 0,
      rejected: 0,
      skipped: 0,
    });
    // The dashboard says so, and "Send again now" tries once more (and is refused again).
    const board = await (await call(dashboardLoader, get(PAGE, cookies.admin))).json();
    expect(board.submissions.find((s: { id: string }) => s.id === bad.id)).toMatchObject({
      status: "rejected",
    });
    const retry = await call(
      dashboardAction,
      formPost(PAGE, { intent: "submission-retry", id: bad.id }, { cookie: cookies.admin! }),
    );
    expect(await retry.json()).toMatchObject({
      intent: "submission-retry",
      id: bad.id,
      message: "The forms service refused these answers.",
    });
    expect(
      (
        await call(
          dashboardAction,
          formPost(PAGE, { intent: "submission-retry", id: bad.id }, { cookie: cookies.other! }),
        )
      ).status,
    ).toBe(404);
  });
});
