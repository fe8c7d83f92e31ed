import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/user";
import { requirePerson, reviewsPerson } from "./context.server";

const user = (perms: Record<string, boolean>): SessionUser =>
  ({ username_id: 1, permissions: perms, groups: [] }) as unknown as SessionUser;
const people = [
  { username_id: 1, name: "Rita Reviewer", group_ids: [10] },
  { username_id: 2, name: "Same Group", group_ids: [10, 11] },
  { username_id: 3, name: "Elsewhere", group_ids: [12] },
];

describe("who sees whose timesheet", () => {
  it("a reviewer sees the people of their groups; others are a 404", () => {
    const tc = {
      user: user({ review_timesheet: true }),
      people,
      up: null as never,
      timeZone: "UTC",
    };
    expect(reviewsPerson(tc, people[1]!)).toBe(true);
    expect(reviewsPerson(tc, people[2]!)).toBe(false);
    expect(() => requirePerson(tc, 3)).toThrow(Response);
    expect(requirePerson(tc, 2).name).toBe("Same Group");
  });

  it("without review_timesheet only oneself; admin_timesheet everyone", () => {
    const plain = { user: user({ access_timesheet: true }), people };
    expect(reviewsPerson(plain, people[0]!)).toBe(true);
    expect(reviewsPerson(plain, people[1]!)).toBe(false);
    const admin = { user: user({ admin_timesheet: true }), people };
    expect(reviewsPerson(admin, people[2]!)).toBe(true);
  });
});
