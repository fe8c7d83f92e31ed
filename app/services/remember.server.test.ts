import { describe, expect, it } from "vitest";
import { rememberStale } from "./remember.server";

const later = <T>(value: T, ms: number) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("rememberStale", () => {
  it("answers the fallback after waitMs on a first call, and the made value once it is there", async () => {
    let calls = 0;
    const make = () => (calls++, later(["a"], 60));
    expect(await rememberStale("t1", 60_000, 10, [] as string[], make)).toEqual([]);
    // The first call went on and filled the memo; no second call was started meanwhile.
    expect(await rememberStale("t1", 60_000, 200, [] as string[], make)).toEqual(["a"]);
    await later(null, 70);
    expect(await rememberStale("t1", 60_000, 10, [] as string[], make)).toEqual(["a"]);
    expect(calls).toBe(1);
  });

  it("answers a kept value at once when it is old, and makes it again in the background", async () => {
    let n = 0;
    const make = () => later(++n, 20);
    expect(await rememberStale("t2", 0, 100, 0, make)).toBe(1);
    // Older than ttl (0 ms): the kept 1 at once, while 2 is made.
    expect(await rememberStale("t2", 0, 100, 0, make)).toBe(1);
    await later(null, 40);
    expect(await rememberStale("t2", 60_000, 100, 0, make)).toBe(2);
  });

  it("keeps the last value when a new call fails, and gives the fallback when nothing was kept", async () => {
    expect(await rememberStale("t3", 0, 100, "none", () => Promise.resolve("kept"))).toBe("kept");
    const fail = () => Promise.reject(new Error("down"));
    expect(await rememberStale("t3", 0, 100, "none", fail)).toBe("kept");
    await later(null, 5);
    expect(await rememberStale("t3", 0, 100, "none", fail)).toBe("kept");
    expect(await rememberStale("t4", 0, 100, "none", fail)).toBe("none");
  });
});
