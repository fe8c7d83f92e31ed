import { describe, expect, it } from "vitest";
import { insideJobsite } from "~/modules/fleet/jobsite-layer";
import { BOARD_PAGE, boardFilters, viewBoard } from "./boards.server";

const card = (i: number, imei: string | null, assigneeId: number | null) => ({
  id: String(i),
  title: `Task ${i}`,
  sub: imei ?? "",
  badge: null,
  imei,
  assigneeId,
});
const columns = [
  {
    id: "open",
    title: "Open",
    limit: null,
    cards: Array.from({ length: 120 }, (_, i) => card(i, i % 2 ? "111" : "222", i % 3 ? 7 : null)),
  },
  { id: "in_progress", title: "In progress", limit: 8, cards: [card(500, "111", 7)] },
];
const url = (q = "") => new URL(`http://x/dashboard/maintenance-board${q}`);
const view = (q = "", within: Set<string>[] = []) =>
  viewBoard(columns, boardFilters(url(q)), url(q), within);

describe("jobsites", () => {
  it("a position is at a site inside its circle or polygon", () => {
    const circle = { kind: "circle" as const, lat: -27.4318, lng: 153.0885, radius: 350 };
    expect(insideJobsite(circle, -27.4318, 153.0885)).toBe(true);
    // ~0.003° of latitude is ~333 m; 0.004° ~445 m.
    expect(insideJobsite(circle, -27.4348, 153.0885)).toBe(true);
    expect(insideJobsite(circle, -27.4358, 153.0885)).toBe(false);
    const square = {
      kind: "polygon" as const,
      points: [
        [-27.46, 153.09],
        [-27.46, 153.1],
        [-27.47, 153.1],
        [-27.47, 153.09],
      ] as [number, number][],
    };
    expect(insideJobsite(square, -27.465, 153.095)).toBe(true);
    expect(insideJobsite(square, -27.475, 153.095)).toBe(false);
    expect(insideJobsite(square, -27.465, 153.105)).toBe(false);
  });
});

describe("board view", () => {
  it("shows the first cards of a long column and a Show more address for the next", () => {
    const [open, wip] = view();
    expect(open!.cards).toHaveLength(BOARD_PAGE);
    expect(open!).toMatchObject({ count: 120, matching: 120 });
    expect(open!.more).toBe(`/dashboard/maintenance-board?more_open=${2 * BOARD_PAGE}#column-open`);
    expect(wip!.more).toBeNull();
    const next = view(`?more_open=${2 * BOARD_PAGE}`)[0]!;
    expect(next.cards).toHaveLength(2 * BOARD_PAGE);
    const all = view(`?more_open=${3 * BOARD_PAGE}`)[0]!;
    expect(all.cards.map((c) => c.id)).toEqual(columns[0]!.cards.map((c) => c.id));
    expect(all.more).toBeNull();
    // Nonsense is the first page, not an error or everything.
    expect(view("?more_open=-5")[0]!.cards).toHaveLength(BOARD_PAGE);
    expect(view("?more_open=abc")[0]!.cards).toHaveLength(BOARD_PAGE);
  });

  it("filters by vehicle, assignee, group and search, keeping the column count for the WIP limit", () => {
    const [open, wip] = view("?imei=111&assignee=7");
    const expected = columns[0]!.cards.filter((c) => c.imei === "111" && c.assigneeId === 7);
    expect(open!.matching).toBe(expected.length);
    expect(open!.count).toBe(120);
    expect(open!.cards.map((c) => c.id)).toEqual(expected.slice(0, BOARD_PAGE).map((c) => c.id));
    expect(wip).toMatchObject({ count: 1, matching: 1 });
    expect(view("?q=task+11")[0]!.cards.map((c) => c.title)).toEqual([
      "Task 11",
      ...Array.from({ length: 10 }, (_, i) => `Task ${110 + i}`),
    ]);
    expect(view("", [new Set(["222"])])[0]!.matching).toBe(60);
    // Group and site together: a card must be in both; a card without a vehicle is in neither.
    expect(view("", [new Set(["222"]), new Set(["111"])])[0]!.matching).toBe(0);
    expect(
      viewBoard([{ ...columns[1]!, cards: [card(9, null, 7)] }], boardFilters(url()), url(), [
        new Set(["111"]),
      ])[0]!.matching,
    ).toBe(0);
    expect(view("?imei=333")[0]!.matching).toBe(0);
    // The Show more address keeps the filters.
    expect(view("?imei=222&more_open=100")[0]!.more).toBeNull();
    expect(view("?imei=222")[0]!.more).toBe(
      "/dashboard/maintenance-board?imei=222&more_open=100#column-open",
    );
  });
});
