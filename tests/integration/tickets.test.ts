/**
 * Issue 25, tickets (tickets/admin, tickets/matrix) through the routes' loaders and actions, against
 * PostgreSQL and the simulator: ticket types saved with their fields and approval chain, a broken
 * chain refused with its problems and the typed values kept, a type in use refused deletion;
 * attachments with their type and size limits, downloaded through our route for the company only;
 * the matrix's counts and SLA heat matching the filtered list; the SLA calendar's public holidays.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as fileLoader } from "~/routes/tickets.attachments.$id";
import { action, loader } from "~/routes/_shell.tickets.admin";
import { loader as matrixLoader } from "~/routes/_shell.tickets.matrix";
import { companyCalendar } from "~/modules/tickets/sla-calendar.server";
import { listTickets, listTicketTypes } from "~/modules/tickets/upstream.server";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { APP, call, get, toastOf } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let sim: Awaited<ReturnType<typeof useSimulator>>;
let admin = "";

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

type Draft = { id: number | null; stages: Array<{ steps: Array<{ name: string }> }>; name: string };
type Act = {
  form: string;
  draft?: Draft;
  errors?: Record<string, string>;
  deleteRefused?: string;
  confirmDelete?: boolean;
};

const post = (url: string, pairs: Array<[string, string]>, cookie = admin) =>
  call(
    action,
    new Request(APP + url, {
      method: "POST",
      body: new URLSearchParams(pairs),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP, cookie },
    }),
  );
const upload = (ticket: number, file: File) => {
  const f = new FormData();
  f.set("intent", "attach");
  f.set("id", String(ticket));
  f.set("file", file);
  return call(
    action,
    new Request(`${APP}/tickets/admin`, {
      method: "POST",
      body: f,
      headers: { origin: APP, cookie: admin },
    }),
  );
};
const adminPage = async (qs = "", cookie = admin) => {
  const res = await call(loader, get(`/tickets/admin${qs}`, cookie));
  expect(res.status).toBe(200);
  return (await res.json()) as {
    rows: Array<{ id: number; sla: string }>;
    typeEditor: Draft | null;
    detail: { attachments: Array<{ id: number; name: string }> } | null;
  };
};

const TYPE: Array<[string, string]> = [
  ["name", "Site damage"],
  ["first_response_hours", "4"],
  ["resolution_hours", "24"],
  ["paused_statuses", "waiting"],
  ["active", "on"],
  ["default_assignee", "1002"],
  ["fields.0.key", ""],
  ["fields.0.label", "Repair cost"],
  ["fields.0.kind", "number"],
  ["fields.0.required", "on"],
  ["stages.0.present", "1"],
  ["stages.0.steps.0.id", ""],
  ["stages.0.steps.0.name", "Supervisor"],
  ["stages.0.steps.0.mode", "any"],
  ["stages.0.steps.0.approvers", "1001"],
  ["stages.1.present", "1"],
  ["stages.1.steps.0.id", ""],
  ["stages.1.steps.0.name", "Finance"],
  ["stages.1.steps.0.mode", "all"],
  ["stages.1.steps.0.approvers", "1001"],
  ["stages.1.steps.0.approvers", "1004"],
  ["stages.1.steps.0.condVar", "Repair cost"],
  ["stages.1.steps.0.condOp", ">"],
  ["stages.1.steps.0.condValue", "1000"],
];

describe("ticket types", () => {
  it("adds a step with a button, refuses a broken chain keeping the draft, then saves a good one", async () => {
    const grown = await post("/tickets/admin?edit_type=new&layout=add-step.0", [
      ["intent", "type-layout"],
      ...TYPE,
    ]);
    expect(grown.status).toBe(200);
    const g = (await grown.json()) as Act;
    expect(g.draft!.stages.map((s) => s.steps.length)).toEqual([2, 1]);

    const broken = await post("/tickets/admin?edit_type=new", [
      ["intent", "type-save"],
      ...TYPE.filter(([k]) => k !== "stages.0.steps.0.approvers"),
    ]);
    expect(broken.status).toBe(400);
    const b = (await broken.json()) as Act;
    expect(b.errors!.chain).toBe("Step Supervisor has no approvers.");
    expect(b.draft!.name).toBe("Site damage");

    const saved = await post("/tickets/admin?edit_type=new", [["intent", "type-save"], ...TYPE]);
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ description: "Ticket type Site damage created." });
    const auth = await upstreamAuth("admin", "admin123");
    const t = (await listTicketTypes(upstream(auth.token))).find((x) => x.name === "Site damage")!;
    expect(t.fields).toEqual([
      { key: "repair_cost", label: "Repair cost", kind: "number", required: true },
    ]);
    expect(t.default_assignee).toBe(1002);
    expect(t.chain.stages[1]!.steps[0]).toMatchObject({
      id: "finance",
      mode: "all",
      approvers: [1001, 1004],
      condition: { ">": [{ var: "repair_cost" }, 1000] },
    });
    expect(saved.headers.get("location")).toBe(`/tickets/admin?edit_type=${t.id}`);
    expect((await adminPage(`?edit_type=${t.id}`)).typeEditor!.stages).toHaveLength(2);

    // A second type of the same name is refused next to the name.
    const twin = await post("/tickets/admin?edit_type=new", [["intent", "type-save"], ...TYPE]);
    expect(((await twin.json()) as Act).errors).toEqual({ name: "Another type has this name" });

    // Unused: it can go, after the question.
    const ask = await post("/tickets/admin", [
      ["intent", "type-delete"],
      ["id", String(t.id)],
    ]);
    expect(((await ask.json()) as Act).confirmDelete).toBe(true);
    const gone = await post("/tickets/admin", [
      ["intent", "type-delete"],
      ["id", String(t.id)],
      ["confirm", "yes"],
    ]);
    expect(gone.status).toBe(302);
    expect((await listTicketTypes(upstream(auth.token))).map((x) => x.id)).not.toContain(t.id);
  });

  it("a type in use is refused deletion with the upstream's message", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const repair = (await listTicketTypes(upstream(auth.token)))[0]!;
    const res = await post("/tickets/admin", [
      ["intent", "type-delete"],
      ["id", String(repair.id)],
      ["confirm", "yes"],
    ]);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Act).deleteRefused).toMatch(
      /^Vehicle repair has \d+ tickets: make it inactive instead$/,
    );
  });

  it("only tickets_edit changes types; another company's type is a 404", async () => {
    const demo = sim.world.users.find((u) => u.username === "demo")!;
    const was = demo.permissions.tickets_edit;
    demo.permissions.tickets_edit = false;
    try {
      const reader = await sessionCookie("demo", "demo123");
      expect((await adminPage("?edit_type=new", reader)).typeEditor).toBeNull();
      expect(
        (await post("/tickets/admin", [["intent", "type-save"], ...TYPE], reader)).status,
      ).toBe(403);
    } finally {
      demo.permissions.tickets_edit = was;
    }
    const other = await upstreamAuth("other", "other123");
    const theirs = (await listTicketTypes(upstream(other.token)))[0]!;
    expect((await call(loader, get(`/tickets/admin?edit_type=${theirs.id}`, admin))).status).toBe(
      404,
    );
    const save = await post(`/tickets/admin?edit_type=${theirs.id}`, [
      ["intent", "type-save"],
      ["type_id", String(theirs.id)],
      ...TYPE,
    ]);
    expect(save.status).toBe(404);
  });
});

describe("ticket attachments", () => {
  const pdf = (size: number) => {
    const b = new Uint8Array(size);
    b.set(new TextEncoder().encode("%PDF-1.4\n"));
    return b;
  };

  it("uploads a PDF, lists it, downloads it through our route; refuses a wrong type or a large file", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const [t] = await listTickets(upstream(auth.token));
    const ok = await upload(t!.id, new File([pdf(2048)], "quote.pdf", { type: "application/pdf" }));
    expect(ok.status).toBe(302);
    expect(await toastOf(ok)).toMatchObject({ description: "quote.pdf attached." });
    const detail = (await adminPage(`?ticket=${t!.id}`)).detail!;
    const a = detail.attachments.find((x) => x.name === "quote.pdf")!;
    const file = await call(fileLoader, get(`/tickets/attachments/${a.id}`, admin), {
      params: { id: String(a.id) },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain('attachment; filename="quote.pdf"');
    expect((await file.arrayBuffer()).byteLength).toBe(2048);

    const gif = await upload(
      t!.id,
      new File(["GIF89a......"], "cat.pdf", { type: "application/pdf" }),
    );
    expect(gif.status).toBe(400);
    expect(((await gif.json()) as Act).errors).toEqual({
      file: "Attach a JPEG, PNG or WebP picture or a PDF.",
    });
    const big = await upload(t!.id, new File([pdf(800 * 1024)], "big.pdf"));
    expect(((await big.json()) as Act).errors).toEqual({
      file: "The file is too large: at most 700 KB.",
    });
    const none = await upload(t!.id, new File([], "empty.pdf"));
    expect(((await none.json()) as Act).errors).toEqual({ file: "Choose a file to attach." });

    const other = await sessionCookie("other", "other123");
    const theirs = await call(fileLoader, get(`/tickets/attachments/${a.id}`, other), {
      params: { id: String(a.id) },
    });
    expect(theirs.status).toBe(404);
  });
});

describe("ticket matrix", () => {
  type Cell = { status: string; count: number; breached: number; atRisk: number; heat: string };
  type MatrixData = {
    by: string;
    total: number;
    matrix: { rows: Array<{ key: string; label: string; cells: Cell[]; total: number }> };
  };
  const matrix = async (qs = "") => {
    const res = await call(matrixLoader, get(`/tickets/matrix${qs}`, admin));
    expect(res.status).toBe(200);
    return (await res.json()) as MatrixData;
  };

  it("counts tickets by type and status, each cell matching the list it links to", async () => {
    const m = await matrix();
    const list = await adminPage();
    expect(m.total).toBe(list.rows.length);
    const repair = m.matrix.rows.find((r) => r.label === "Vehicle repair")!;
    for (const c of repair.cells) {
      const rows = (await adminPage(`?type=${repair.key}&status=${c.status}`)).rows;
      expect([c.status, rows.length]).toEqual([c.status, c.count]);
      expect(rows.filter((r) => r.sla === "breached").length).toBe(c.breached);
      expect(rows.filter((r) => r.sla === "at_risk").length).toBe(c.atRisk);
    }
    expect(repair.total).toBeGreaterThanOrEqual(2);
  });

  it("counts by jobsite, with tickets without one in their own row", async () => {
    const m = await matrix("?by=jobsite");
    expect(m.by).toBe("jobsite");
    const port = m.matrix.rows.find((r) => r.label === "Port of Brisbane Berth 9")!;
    expect(port.cells.find((c) => c.status === "open")!.count).toBeGreaterThanOrEqual(1);
    const rows = (await adminPage(`?jobsite=${port.key}&status=open`)).rows;
    expect(rows.length).toBe(port.cells.find((c) => c.status === "open")!.count);
    expect(m.matrix.rows.at(-1)!.label).toBe("No jobsite");
  });
});

describe("SLA calendar", () => {
  it("leaves out the company's public holidays (Queensland)", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const cal = await companyCalendar(
      upstream(auth.token),
      "Australia/Brisbane",
      Date.UTC(2026, 11, 1),
      Date.UTC(2026, 11, 20),
    );
    expect(cal.holidays).toEqual(expect.arrayContaining(["2026-12-25", "2026-12-28"]));
    expect(cal.holidays).not.toContain("2026-12-24");
  });
});
