import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chainProblems, evaluateChain, type ApprovalChain, type Decision } from "./approval-chain";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 23, 0, 0);
const opts = (now = T0 + 100 * H, delegations = []) => ({ submittedAt: T0, now, delegations });
const yes = (stepId: string, by: number, h: number): Decision => ({
  stepId,
  by,
  decision: "approve",
  at: T0 + h * H,
});
const no = (stepId: string, by: number, h: number): Decision => ({
  ...yes(stepId, by, h),
  decision: "reject",
});

/** Supervisor, then finance and safety side by side, then the manager when the cost is over 5,000. */
const CHAIN: ApprovalChain = {
  stages: [
    { steps: [{ id: "sup", name: "Supervisor", approvers: [1, 2], mode: "any" }] },
    {
      steps: [
        { id: "fin", name: "Finance", approvers: [3, 4, 5], mode: "quorum", quorum: 2 },
        { id: "saf", name: "Safety", approvers: [6], mode: "all" },
      ],
    },
    {
      steps: [
        {
          id: "mgr",
          name: "Manager",
          approvers: [7],
          mode: "any",
          condition: { ">": [{ var: "cost" }, 5000] },
          escalateAfterHours: 24,
          escalateTo: [8],
        },
      ],
    },
  ],
};

describe("approval chains", () => {
  it("runs stages in sequence and steps of a stage in parallel", () => {
    const facts = { cost: 9000 };
    let s = evaluateChain(CHAIN, facts, [], opts());
    expect(s.status).toBe("pending");
    expect(s.waitingOn).toEqual([1, 2]);
    // An approval for a later stage before its turn does not count.
    s = evaluateChain(CHAIN, facts, [yes("saf", 6, 0.5), yes("sup", 2, 1)], opts());
    expect(s.stages[1]!.map((x) => x.state)).toEqual(["waiting", "waiting"]);
    expect(s.waitingOn.sort()).toEqual([3, 4, 5, 6]);
    s = evaluateChain(
      CHAIN,
      facts,
      [yes("sup", 2, 1), yes("saf", 6, 2), yes("fin", 3, 3), yes("fin", 5, 4)],
      opts(),
    );
    expect(s.stages[1]!.map((x) => x.state)).toEqual(["approved", "approved"]);
    expect(s.waitingOn).toEqual([7, 8]); // waiting since hour 4, escalated at hour 28
    expect(s.stages[2]![0]!.escalated).toBe(true);
  });

  it("skips a conditional step when its condition is false", () => {
    const s = evaluateChain(
      CHAIN,
      { cost: 1200 },
      [yes("sup", 1, 1), yes("saf", 6, 2), yes("fin", 3, 3), yes("fin", 4, 3.5)],
      opts(),
    );
    expect(s.stages[2]![0]!.state).toBe("skipped");
    expect(s).toMatchObject({ status: "approved", decidedAt: T0 + 3.5 * H });
  });

  it("rejects when a step can no longer reach its count", () => {
    const base = [yes("sup", 1, 1), yes("saf", 6, 2)];
    // Quorum 2 of 3: one no leaves two possible, two noes end it.
    expect(evaluateChain(CHAIN, { cost: 1 }, [...base, no("fin", 3, 3)], opts()).status).toBe(
      "pending",
    );
    const s = evaluateChain(
      CHAIN,
      { cost: 1 },
      [...base, no("fin", 3, 3), no("fin", 4, 4)],
      opts(),
    );
    expect(s).toMatchObject({ status: "rejected", decidedAt: T0 + 4 * H, waitingOn: [] });
    // "All" is rejected by any one of them.
    expect(
      evaluateChain(CHAIN, { cost: 1 }, [yes("sup", 1, 1), no("saf", 6, 2)], opts()).status,
    ).toBe("rejected");
  });

  it("lets a delegate act for an approver while the delegation runs, and escalation stand in", () => {
    const away = [{ from: 6, to: 9, start: T0, end: T0 + 48 * H }];
    const s = evaluateChain(CHAIN, { cost: 1 }, [yes("sup", 1, 1), yes("saf", 9, 2)], {
      ...opts(T0 + 10 * H),
      delegations: away,
    });
    expect(s.stages[1]![1]).toMatchObject({ state: "approved", approvedBy: [6] });
    // After the delegation ended, the delegate's word no longer counts.
    const late = evaluateChain(CHAIN, { cost: 1 }, [yes("sup", 1, 1), yes("saf", 9, 60)], {
      ...opts(),
      delegations: away,
    });
    expect(late.stages[1]![1]!.state).toBe("waiting");
    // Escalated after 24 h: the escalation approver's approval counts.
    const done = [yes("sup", 1, 1), yes("saf", 6, 2), yes("fin", 3, 3), yes("fin", 4, 3)];
    expect(evaluateChain(CHAIN, { cost: 9000 }, [...done, yes("mgr", 8, 10)], opts()).status).toBe(
      "pending",
    );
    expect(evaluateChain(CHAIN, { cost: 9000 }, [...done, yes("mgr", 8, 30)], opts()).status).toBe(
      "approved",
    );
  });

  it("names what is wrong with a chain", () => {
    expect(
      chainProblems({
        stages: [
          { steps: [] },
          { steps: [{ id: "a", name: "A", approvers: [1], mode: "quorum", quorum: 3 }] },
          { steps: [{ id: "a", name: "B", approvers: [], mode: "any", escalateAfterHours: 0 }] },
        ],
      }),
    ).toEqual([
      "Stage 1 has no steps",
      "Step A needs a quorum between 1 and its 1 approvers",
      "Step B appears twice",
      "Step B has no approvers",
      "Step B escalates after a positive number of hours to someone",
    ]);
    expect(chainProblems(CHAIN)).toEqual([]);
  });

  it("property: an approved ticket has every required step approved", () => {
    const decision = fc.record({
      stepId: fc.constantFrom("sup", "fin", "saf", "mgr"),
      by: fc.integer({ min: 1, max: 9 }),
      decision: fc.constantFrom("approve" as const, "reject" as const),
      at: fc.integer({ min: 0, max: 80 }).map((h) => T0 + h * H),
    });
    fc.assert(
      fc.property(
        fc.array(decision, { maxLength: 25 }),
        fc.integer({ min: 0, max: 20_000 }),
        (ds, cost) => {
          const s = evaluateChain(CHAIN, { cost }, ds, opts());
          const steps = s.stages.flat();
          if (s.status === "approved") {
            for (const st of steps) {
              expect(["approved", "skipped"]).toContain(st.state);
              if (st.state === "approved")
                expect(st.approvedBy.length).toBeGreaterThanOrEqual(st.needed);
            }
            expect(steps.find((x) => x.step.id === "mgr")!.state).toBe(
              cost > 5000 ? "approved" : "skipped",
            );
          }
          if (s.status === "rejected") expect(steps.some((x) => x.state === "rejected")).toBe(true);
          if (s.status === "pending") expect(steps.some((x) => x.state === "waiting")).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
