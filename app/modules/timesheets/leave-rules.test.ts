import { describe, expect, it } from "vitest";
import {
  groupShortWarnings,
  leaveColour,
  LEAVE_GREEN,
  LEAVE_GREY,
  type LeaveLike,
} from "./leave-rules";

const people = [
  { username_id: 1, role: "mechanic", group_ids: [105] },
  { username_id: 2, role: "mechanic", group_ids: [105] },
  { username_id: 3, role: "mechanic", group_ids: [105] },
  { username_id: 4, role: "driver", group_ids: [102] },
  { username_id: 5, role: "manager", group_ids: [102] },
];
const names = new Map([
  [105, "Zone B"],
  [102, "depot crew"],
]);
const leave = (
  username_id: number,
  from: string,
  to: string,
  status: LeaveLike["status"] = "approved",
): LeaveLike => ({
  username_id,
  leave_start_date: from,
  leave_end_date: to,
  status,
  leave_approval: status === "approved" ? [{ approved: true }] : [],
});

describe("leave colours (SPEC §4)", () => {
  it("green once one approval exists, grey while none", () => {
    expect(leaveColour({ leave_approval: [] })).toBe(LEAVE_GREY);
    expect(leaveColour({ leave_approval: [{ approved: false }] })).toBe(LEAVE_GREY);
    expect(leaveColour({ leave_approval: [{ approved: true }] })).toBe(LEAVE_GREEN);
  });
});

describe("group-short warning", () => {
  // 2031-03-10 is a Monday.
  const all = [
    leave(1, "2031-03-10", "2031-03-14"),
    leave(2, "2031-03-12", "2031-03-13", "pending"),
  ];

  it("names the worst day: 2 of 3 mechanics already away", () => {
    expect(
      groupShortWarnings(
        { username_id: 3, from: "2031-03-12", to: "2031-03-12" },
        people,
        all,
        names,
      ),
    ).toEqual(["2 of 3 mechanics already away on 2031-03-12"]);
    expect(
      groupShortWarnings(
        { username_id: 3, from: "2031-03-10", to: "2031-03-14" },
        people,
        all,
        names,
      ),
    ).toEqual(["2 of 3 mechanics already away on 2 days from 2031-03-12 to 2031-03-13"]);
  });

  it("one of three away still leaves enough at work only if two remain", () => {
    expect(
      groupShortWarnings(
        { username_id: 3, from: "2031-03-10", to: "2031-03-10" },
        people,
        all,
        names,
      ),
    ).toEqual(["1 of 3 mechanics already away on 2031-03-10"]);
    expect(
      groupShortWarnings(
        { username_id: 3, from: "2031-03-17", to: "2031-03-18" },
        people,
        all,
        names,
      ),
    ).toEqual([]);
  });

  it("declined and cancelled leave, weekends and one's own leave do not count", () => {
    const gone = [
      leave(1, "2031-03-10", "2031-03-10", "declined"),
      leave(2, "2031-03-10", "2031-03-10", "cancelled"),
      leave(1, "2031-03-15", "2031-03-16"),
      leave(3, "2031-03-10", "2031-03-10"),
    ];
    expect(
      groupShortWarnings(
        { username_id: 3, from: "2031-03-10", to: "2031-03-16" },
        people,
        gone,
        names,
      ),
    ).toEqual([]);
  });

  it("a mixed group is named", () => {
    expect(
      groupShortWarnings(
        { username_id: 5, from: "2031-03-10", to: "2031-03-10" },
        people,
        [leave(4, "2031-03-10", "2031-03-10")],
        names,
      ),
    ).toEqual(["1 of 2 people in depot crew already away on 2031-03-10"]);
  });
});
