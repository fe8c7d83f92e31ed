import { expect, it, vi } from "vitest";
import { singleton } from "./singleton.server";

it("makes the value once and hands the same one to every caller", () => {
  const make = vi.fn(() => new Map<string, number>());
  const a = singleton("test:once", make);
  a.set("x", 1);
  const b = singleton("test:once", make);
  expect(b).toBe(a);
  expect(b.get("x")).toBe(1);
  expect(make).toHaveBeenCalledTimes(1);
});

it("keeps values of different names apart", () => {
  expect(singleton("test:a", () => ({ n: 1 }))).not.toBe(singleton("test:b", () => ({ n: 1 })));
});

it("shares the value with a second copy of the module (a rebuilt bundle, the job worker)", async () => {
  const first = singleton("test:shared", () => ({ made: "first copy" }));
  vi.resetModules();
  const again = await import("./singleton.server");
  expect(again.singleton).not.toBe(singleton);
  expect(again.singleton("test:shared", () => ({ made: "second copy" }))).toBe(first);
});

it("keeps a value that is undefined instead of making it again", () => {
  const make = vi.fn(() => undefined);
  singleton("test:undefined", make);
  singleton("test:undefined", make);
  expect(make).toHaveBeenCalledTimes(1);
});
