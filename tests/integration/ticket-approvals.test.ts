/**
 * Ticket approvals end to end through the route modules (issue 25): the approver's e-mail (a real
 * SMTP server) and its link deciding a step without a session, recorded "by e-mail"; a used,
 * expired or revoked link refused; the approvals page deciding the other step and refusing a
 * rejection without a reason; delegations (validation, standing in, ending); escalation telling
 * the escalation approver; and a failed inspection answer raising exactly one ticket.
 */
import type { ParsedMail } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import {
  action as approvalsAction,
  loader as approvalsLoader,
} from "~/routes/_shell.tickets.approvals";
import { action as linkAction, loader as linkLoader } from "~/routes/tickets.approve.$token";
import { action as fillAction } from "~/routes/_shell.forms.fill.$formid";
import { createForm, publishForm } from "~/modules/forms/upstream.server";
import { announceCompanyApprovals } from "~/modules/tickets/approval-notices.server";
import { kickOutbox } from "~/modules/notifications/index.server";
import {
  getTicket,
  listDelegations,
  listTickets,
  listTicketTypes,
} from "~/modules/tickets/upstream.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { iotDevices } from "~/services/upstream/index.server";
import { APP, call, cookieFrom, formPost, get } from "../support/remix";
import { useSmtpServer } from "../support/smtp";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { useTestDatabase } from "../support/db";
import { raiseTicket } from "../support/tickets";

const cookies: Record<string, string> = {};
let mails: ParsedMail[] = [];
let typeId = 0;
let adminToken = "";

async function signIn(username: string, password: string) {
  const res = await call(loginAction, formPost("/login", { username, password }));
  expect(res.status, `sign-in ${username}`).toBe(302);
  return cookieFrom(res);
}

/** The newest mail to `to` whose subject contains `about`, waiting for the SMTP server to parse it. */
async function mailTo(to: string, about: string): Promise<ParsedMail> {
  for (let i = 0; i < 100; i++) {
    const m = [...mails]
      .reverse()
      .find((x) => x.to && JSON.stringify(x.to).includes(to) && x.subject?.includes(about));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} about ${about}`);
}
const tokenIn = (m: ParsedMail) => /\/tickets\/approve\/([A-Za-z0-9_-]+)/.exec(m.text ?? "")![1]!;

const openLink = (token: string, query = "") =>
  call(linkLoader, get(`/tickets/approve/${token}${query}`), { params: { token } });
const postLink = (token: string, fields: Record<string, string>) =>
  call(linkAction, formPost(`/tickets/approve/${token}`, fields), { params: { token } });

const raise = (title: string, cost: number) => raiseTicket(cookies.admin!, typeId, title, cost);

const approvals = (who: string, fields: Record<string, string>) =>
  call(approvalsAction, formPost("/tickets/approvals", fields, { cookie: cookies[who]! }));
const approvalsPage = async (who: string) =>
  (await (await call(approvalsLoader, get("/tickets/approvals", cookies[who]))).json()) as {
    waiting: { ticketId: number; stepId: string; onBehalfOf: string | null; escalated: boolean }[];
    decided: { ticketId: number; via: string; decision: string }[];
    mine: { id: number; to: string }[];
  };

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  mails = (await useSmtpServer()).mails;
  for (const [u, p] of [
    ["admin", "admin123"],
    ["tsadmin", "tsadmin123"],
    ["demo", "demo123"],
    ["driver", "driver123"],
  ] as const)
    cookies[u] = await signIn(u, p);
  adminToken = (await upstreamAuth("admin", "admin123")).token;
  typeId = (await listTicketTypes(upstream(adminToken))).find(
    (t) => t.name === "Vehicle repair",
  )!.id;
});

describe("an approver's e-mailed link", () => {
  let ticketId = 0;
  let supervisorLink = "";

  it("is e-mailed when the first step starts waiting; deciding from it needs no session and is recorded by e-mail", async () => {
    ticketId = await raise("New tyres for the tipper", 7200);
    const mail = await mailTo("admin@harbour.example", `#${ticketId}`);
    expect(mail.subject).toBe(`Approve ticket #${ticketId}: New tyres for the tipper`);
    supervisorLink = tokenIn(mail);

    const page = await openLink(supervisorLink);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const body = (await page.json()) as {
      ticket: { title: string };
      step: string;
      approver: string;
    };
    expect(body).toMatchObject({
      ticket: { title: "New tyres for the tipper" },
      step: "Supervisor",
      approver: "Alex Morgan",
    });

    const noReason = await postLink(supervisorLink, { decision: "reject", comment: " " });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ errors: { comment: "Say why you reject it" } });

    const approved = await postLink(supervisorLink, { decision: "approve", comment: "Fine" });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toBe(
      `/tickets/approve/${supervisorLink}?done=approve`,
    );
    expect(await (await openLink(supervisorLink, "?done=approve")).json()).toMatchObject({
      kind: "done",
    });
    const t = await getTicket(upstream(adminToken), ticketId);
    expect(t.decisions).toEqual([
      expect.objectContaining({ stepId: "supervisor", by: 1001, via: "email", comment: "Fine" }),
    ]);
    expect(t.history.at(-1)!.what).toBe("Approved supervisor by e-mail");
    expect((await approvalsPage("admin")).decided).toContainEqual(
      expect.objectContaining({ ticketId, via: "email", decision: "approve" }),
    );
  });

  it("refuses the used link (page and post), and the next approver is e-mailed", async () => {
    const again = await openLink(supervisorLink);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ problem: "used" });
    expect((await postLink(supervisorLink, { decision: "approve", comment: "" })).status).toBe(404);
    expect((await getTicket(upstream(adminToken), ticketId)).decisions).toHaveLength(1);
    // Cost over 5,000: the fleet manager's step waits now, for Tess.
    expect((await mailTo("tsadmin@harbour.example", `#${ticketId}`)).text).toContain(
      "Fleet manager",
    );
  });

  it("lets the next approver decide from their own link: the chain is approved", async () => {
    const tessLink = tokenIn(await mailTo("tsadmin@harbour.example", `#${ticketId}`));
    expect((await postLink(tessLink, { decision: "approve", comment: "" })).status).toBe(302);
    const t = await getTicket(upstream(adminToken), ticketId);
    expect(t.decisions.map((d) => [d.stepId, d.by, d.via])).toEqual([
      ["supervisor", 1001, "email"],
      ["manager", 1002, "email"],
    ]);
    expect((await approvalsPage("admin")).waiting.some((w) => w.ticketId === ticketId)).toBe(false);
  });

  it("revokes a link once its approver decides in the app, and refuses an expired one", async () => {
    const second = await raise("Mirror glass", 300);
    const link = tokenIn(await mailTo("admin@harbour.example", `#${second}`));
    const page = await approvalsPage("admin");
    expect(page.waiting).toContainEqual(
      expect.objectContaining({ ticketId: second, stepId: "supervisor" }),
    );
    const noReason = await approvals("admin", {
      intent: "reject",
      id: String(second),
      step_id: "supervisor",
      comment: "",
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ errors: { comment: "Say why you reject it" } });
    const ok = await approvals("admin", {
      intent: "approve",
      id: String(second),
      step_id: "supervisor",
      comment: "",
    });
    expect(ok.status).toBe(302);
    const revoked = await openLink(link);
    expect(revoked.status).toBe(404);
    expect(await revoked.json()).toMatchObject({ problem: "revoked" });
    expect((await getTicket(upstream(adminToken), second)).decisions).toEqual([
      expect.objectContaining({ stepId: "supervisor", via: "app" }),
    ]);

    const third = await raise("Seat belt", 120);
    const late = tokenIn(await mailTo("admin@harbour.example", `#${third}`));
    await prisma.ticketApprovalLink.update({
      where: { id: late },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await openLink(late);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({ problem: "expired" });
    expect((await postLink(late, { decision: "approve", comment: "" })).status).toBe(404);
    expect((await getTicket(upstream(adminToken), third)).decisions).toEqual([]);
    expect((await openLink("not-a-token")).status).toBe(404);
  });

  it("tells the escalation approver (e-mail and notification) once the step has waited too long", async () => {
    const id = await raise("Crane outrigger pad", 9000);
    // The supervisor approves in the app; the manager's step (escalates after 24 h to Alex) waits.
    expect(
      (
        await approvals("admin", {
          intent: "approve",
          id: String(id),
          step_id: "supervisor",
          comment: "",
        })
      ).status,
    ).toBe(302);
    const later = Date.now() + 25 * 3_600_000;
    expect(await announceCompanyApprovals(1, adminToken, later)).toBeGreaterThanOrEqual(1);
    const mail = await mailTo("admin@harbour.example", `Escalated: Approve ticket #${id}`);
    expect(mail.text).toContain('The step "Fleet manager" has waited too long');
    // The notice goes through the outbox with the mail; the event names this ticket, not its number only.
    await kickOutbox();
    const { created_at } = await getTicket(upstream(adminToken), id);
    const n = await prisma.notification.findMany({
      where: {
        userId: 1001,
        kind: "ticket-escalation",
        eventId: `ticket-escalation:${id}:${created_at}:manager`,
      },
    });
    expect(n).toHaveLength(1);
    // Told once: the next round sends nothing new for it.
    await announceCompanyApprovals(1, adminToken, later);
    expect(
      mails.filter((m) => m.subject?.startsWith(`Escalated: Approve ticket #${id}`)),
    ).toHaveLength(1);
  });
});

describe("delegation", () => {
  it("refuses a stand-in without a person or with the days the wrong way round, next to the fields", async () => {
    const none = await approvals("admin", { intent: "delegate", to: "", start: "", end: "" });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      form: "delegation",
      errors: { to: "Choose who stands in for you", start: "Choose the first day" },
    });
    const backwards = await approvals("admin", {
      intent: "delegate",
      to: "1002",
      start: "2099-01-10",
      end: "2099-01-09",
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({
      errors: { end: "The last day cannot be before the first" },
      values: { to: "1002", start: "2099-01-10" },
    });
    const self = await approvals("admin", {
      intent: "delegate",
      to: "1001",
      start: "2099-01-09",
      end: "2099-01-10",
    });
    expect(await self.json()).toMatchObject({
      errors: { to: "Choose someone else to stand in for you" },
    });
  });

  it("lets the stand-in decide for the approver during the delegation; ending it stops that", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await approvals("admin", { intent: "delegate", to: "1004", start: today, end: tomorrow }))
        .status,
    ).toBe(302);
    const id = await raise("Wiper blades", 40);
    // Demo stands in for Alex: the supervisor step is on their list, and they were e-mailed.
    const standIn = await approvalsPage("demo");
    expect(standIn.waiting).toContainEqual(
      expect.objectContaining({ ticketId: id, stepId: "supervisor", onBehalfOf: "Alex Morgan" }),
    );
    await mailTo("demo@tracksmith.example", `#${id}`);
    expect(
      (
        await approvals("demo", {
          intent: "approve",
          id: String(id),
          step_id: "supervisor",
          comment: "For Alex",
        })
      ).status,
    ).toBe(302);
    expect((await approvalsPage("admin")).waiting.some((w) => w.ticketId === id)).toBe(false);

    const mine = (await approvalsPage("admin")).mine;
    expect(mine).toHaveLength(1);
    expect(
      (await approvals("admin", { intent: "end-delegation", id: String(mine[0]!.id) })).status,
    ).toBe(302);
    expect(await listDelegations(upstream(adminToken))).toEqual([]);
    const next = await raise("Horn", 20);
    expect((await approvalsPage("demo")).waiting.some((w) => w.ticketId === next)).toBe(false);
    expect(
      (
        await approvals("demo", {
          intent: "approve",
          id: String(next),
          step_id: "supervisor",
          comment: "",
        })
      ).status,
    ).toBe(400);
  });
});

describe("a failed inspection answer", () => {
  it("raises exactly one maintenance ticket for the vehicle, linked to the submission", async () => {
    const up = upstream(adminToken);
    const form = await createForm(up, {
      title: "Pre-start check",
      description: "",
      fields: [
        { id: "truck", label: "Truck", type: "vehicle", required: true },
        {
          id: "brakes",
          label: "Brakes",
          type: "select",
          required: true,
          options: ["Pass", "Fail"],
          flag_values: ["Fail"],
        },
      ],
    });
    await publishForm(up, form.id);
    const imei = String((await iotDevices(up))[0]!.imei);
    const answer = (brakes: string, reference: string) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries({
        intent: "submit",
        version: "1",
        reference,
        "a.truck": imei,
        "a.brakes": brakes,
      }))
        fd.append(k, v);
      return call(
        fillAction,
        new Request(`${APP}/forms/fill/${form.id}`, {
          method: "POST",
          body: fd,
          headers: { cookie: cookies.driver!, origin: APP },
        }),
        { params: { formid: String(form.id) } },
      );
    };
    expect((await answer("Pass", "pre-start-pass-0001")).status).toBe(302);
    // The same answers twice (a phone's queue sending again): one submission, one ticket.
    expect((await answer("Fail", "pre-start-fail-0001")).status).toBe(302);
    expect((await answer("Fail", "pre-start-fail-0001")).status).toBe(302);
    const made = (await listTickets(up)).filter((t) => t.title.startsWith("Pre-start check"));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      title: "Pre-start check: Brakes = Fail",
      imei,
      type_id: typeId,
      priority: "high",
      facts: { area: "Brakes" },
    });
    expect(made[0]!.form_submission_id).toMatch(/^\d+$/);
    const row = await prisma.ticketFromSubmission.findMany({
      where: { companyId: 1, submissionId: made[0]!.form_submission_id! },
    });
    expect(row).toEqual([expect.objectContaining({ ticketId: made[0]!.id })]);
  });
});
