import { describe, expect, it } from "vitest";
import { slice } from "./safety-compute";

const at = (h: number) => new Date(Date.UTC(2026, 2, 2, h)).toISOString();
const t = (h: number) => Date.UTC(2026, 2, 2, h);

describe("slice", () => {
  it("keeps the rows of [from, to), in time order or not, and the same answer the second time", () => {
    const sorted = [0, 1, 1, 2, 3, 5].map((h, i) => ({ id: i, time: at(h) }));
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    expect(ids(slice(sorted, (r) => r.time, t(1), t(3)))).toEqual([1, 2, 3]);
    expect(ids(slice(sorted, (r) => r.time, t(1), t(3)))).toEqual([1, 2, 3]);
    expect(ids(slice(sorted, (r) => r.time, t(4), t(9)))).toEqual([5]);
    expect(ids(slice(sorted, (r) => r.time, t(6), t(9)))).toEqual([]);
    const shuffled = [3, 0, 5, 1, 2, 1].map((h, i) => ({ id: i, time: at(h) }));
    expect(ids(slice(shuffled, (r) => r.time, t(1), t(3)))).toEqual([3, 4, 5]);
    // A cached array that grew is parsed again.
    sorted.push({ id: 6, time: at(2) });
    expect(ids(slice(sorted, (r) => r.time, t(2), t(3)))).toEqual([3, 6]);
  });
});
