/** Contract test of the leave, roster and declaration calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import {
  addQuestion,
  cancelLeave,
  createRoster,
  decideLeave,
  declare,
  deleteRoster,
  getLeave,
  leaveSetup,
  listDeclarations,
  listLeave,
  listQuestions,
  listRosters,
  requestLeave,
  retireQuestion,
  updateRoster,
  type RosterInput,
} from "./leave-upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const tsadmin = () => up.signIn("tsadmin", "tsadmin123");
const other = () => up.signIn("other", "other123");
const ALL = ["0000-01-01", "9999-12-31"] as const;

describe("leave", () => {
  it("sets up types with their approvals, people with groups, and the holiday region", async () => {
    const s = await leaveSetup(await admin());
    expect(s).toMatchObject({ country: "AU", region: "QLD" });
    expect(s.types.find((t) => t.name === "Long service leave")?.approvals_required).toBe(2);
    const mechanics = s.people.filter((p) => p.role === "mechanic");
    expect(mechanics).toHaveLength(3);
    expect(new Set(mechanics.map((m) => m.group_ids[0]))).toEqual(new Set([105]));
    expect(s.people.map((p) => p.username_id)).not.toContain(2101);
  });

  it("lists the company's leave events in the SPEC §3 shape, by range", async () => {
    const list = await listLeave(await admin(), ...ALL);
    const sam = list.find((l) => l.accounts.first_name === "Sam")!;
    expect(sam).toMatchObject({ type_of_leave: "Annual leave", allDay: true, status: "approved" });
    expect(sam.leave_approval[0]).toMatchObject({ approved: true, first_name: "Alex" });
    expect(list.some((l) => l.status === "pending")).toBe(true);
    expect(list.every((l) => l.username_id < 2000)).toBe(true);
    const none = await listLeave(await admin(), "1990-01-01", "1990-12-31");
    expect(none).toEqual([]);
  });

  it("requests, refuses an end before the start and an overlap, and cancels a pending one", async () => {
    const api = await admin();
    const v = {
      type_id: 11,
      leave_start_date: "2031-03-10",
      leave_end_date: "2031-03-12",
      allDay: true,
      hours: null,
      reason: "Holiday",
    };
    const made = await requestLeave(api, v);
    expect(made).toMatchObject({ status: "pending", accounts: { first_name: "Alex" } });
    const back = await rejection(
      requestLeave(api, { ...v, leave_start_date: "2031-04-02", leave_end_date: "2031-04-01" }),
    );
    expect([back.status, back.message]).toEqual([400, "The leave must not end before it starts"]);
    expect((await rejection(requestLeave(api, v))).status).toBe(409);
    expect((await cancelLeave(api, made.id)).status).toBe("cancelled");
    expect((await rejection(cancelLeave(api, made.id))).status).toBe(409);
  });

  it("needs as many approvals as the type says; a decline needs a reason; not one's own", async () => {
    const mine = await requestLeave(await admin(), {
      type_id: 13,
      leave_start_date: "2031-06-01",
      leave_end_date: "2031-06-30",
      allDay: true,
      hours: null,
      reason: "Long service",
    });
    expect((await rejection(decideLeave(await admin(), mine.id, true, ""))).status).toBe(409);
    const once = await decideLeave(await tsadmin(), mine.id, true, "OK from me");
    expect(once.status).toBe("pending");
    expect(once.leave_approval).toHaveLength(1);
    expect((await rejection(decideLeave(await tsadmin(), mine.id, true, ""))).status).toBe(409);
    const partial = await requestLeave(await tsadmin(), {
      type_id: 11,
      leave_start_date: "2031-07-01",
      leave_end_date: "2031-07-01",
      allDay: false,
      hours: 4,
      reason: "",
    });
    expect((await rejection(decideLeave(await admin(), partial.id, false, ""))).status).toBe(400);
    expect((await decideLeave(await admin(), partial.id, true, "")).status).toBe("approved");
    expect((await getLeave(await admin(), partial.id)).hours).toBe(4);
  });

  it("another company's leave is a 404 to read, cancel or decide", async () => {
    const theirs = (await listLeave(await other(), ...ALL))[0]!;
    const api = await admin();
    expect((await rejection(getLeave(api, theirs.id))).status).toBe(404);
    expect((await rejection(cancelLeave(api, theirs.id))).status).toBe(404);
    expect((await rejection(decideLeave(api, theirs.id, true, ""))).status).toBe(404);
  });
});

describe("rosters", () => {
  const input: RosterInput = {
    name: "Night shift",
    username_id: 1101,
    compgroups_id: null,
    pattern: "rrule",
    days: [],
    rrule: "FREQ=WEEKLY;BYDAY=MO,WE",
    start_time: "22:00",
    end_time: "06:00",
    break_minutes: 30,
    jobsite_id: 104,
    valid_from: "2031-01-01",
    valid_to: null,
  };

  it("lists weekly and rrule rosters with their jobsite; creates, edits and deletes", async () => {
    const api = await admin();
    const list = await listRosters(api);
    expect(list.find((r) => r.name === "Workshop weekdays")).toMatchObject({
      pattern: "weekly",
      days: [1, 2, 3, 4, 5],
      compgroups_id: 105,
      jobsite_name: "Murarrie Yard",
    });
    const made = await createRoster(api, input);
    expect(made).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=MO,WE", jobsite_name: "Murarrie Yard" });
    const edited = await updateRoster(api, made.id, { ...input, break_minutes: 45 });
    expect(edited.break_minutes).toBe(45);
    await deleteRoster(api, made.id);
    expect((await listRosters(api)).map((r) => r.id)).not.toContain(made.id);
  });

  it("refuses a roster for nobody, a bad rule, and another company's ids (404)", async () => {
    const api = await admin();
    expect((await rejection(createRoster(api, { ...input, username_id: null }))).status).toBe(400);
    expect((await rejection(createRoster(api, { ...input, rrule: "every day" }))).status).toBe(400);
    expect((await rejection(createRoster(api, { ...input, username_id: 2101 }))).status).toBe(404);
    expect((await rejection(createRoster(api, { ...input, jobsite_id: 201 }))).status).toBe(404);
    const theirs = (await listRosters(await other()))[0]!;
    expect((await rejection(updateRoster(api, theirs.id, input))).status).toBe(404);
    expect((await rejection(deleteRoster(api, theirs.id))).status).toBe(404);
  });
});

describe("site declarations", () => {
  it("answers every active question; the answer that needs attention is flagged", async () => {
    const api = await admin();
    const qs = await listQuestions(api);
    expect(qs).toHaveLength(3);
    const q = await addQuestion(api, "Have you travelled overseas in the last 14 days?", "yes");
    const answers = [...qs, q].map((x): { question_id: number; answer: "yes" | "no" } => ({
      question_id: x.id,
      answer: x.id === q.id ? "yes" : x.attention_answer === "yes" ? "no" : "yes",
    }));
    const d = await declare(api, { answers, jobsite_id: 101, entry_id: null });
    expect(d.flagged).toBe(true);
    expect(d.answers.filter((a) => a.flagged).map((a) => a.question_id)).toEqual([q.id]);
    expect(
      (
        await rejection(
          declare(api, { answers: answers.slice(1), jobsite_id: null, entry_id: null }),
        )
      ).status,
    ).toBe(400);
    await retireQuestion(api, q.id);
    expect((await listQuestions(api)).find((x) => x.id === q.id)?.active).toBe(false);
    const register = await listDeclarations(api, ...ALL);
    expect(register[0]!.id).toBe(d.id);
    expect(register.some((x) => x.accounts.first_name === "Pete")).toBe(false);
  });

  it("another company's question is a 404", async () => {
    const theirs = (await listQuestions(await other()))[0]!;
    expect((await rejection(retireQuestion(await admin(), theirs.id))).status).toBe(404);
  });
});
