import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Issue 35, one clock: the project's own lint configuration refuses a time shown by cutting an
 * ISO string (the UTC clock) anywhere in app/, and takes the named helpers of ~/lib/zoned-time.
 */
const eslint = new ESLint();
const problems = async (code: string, filePath = "app/modules/example/page.tsx") =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((m) => m.ruleId === "tracksmith/no-iso-slice")
    .map((m) => m.line);

describe("the no-iso-slice lint rule", () => {
  it("refuses the UTC clock cut out of ISO strings", async () => {
    const code = [
      "export const a = (t: number) => new Date(t).toISOString().slice(0, 10);",
      "export const b = (iso: string) => iso.slice(0, 16);",
      "export const c = (r: { createdAt: string }) => r.createdAt.substring(11, 16);",
      "export const d = (r: { due_at: string }) => r.due_at.slice(0, 10);",
      "export const e = (d: { dueAt: unknown }, str: (v: unknown) => string | null) => str(d.dueAt)?.slice(0, 10);",
      "export const f = (d: Date) => d.toJSON().slice(0, 16);",
      "declare function utcToZonedLocal(ms: number, tz: string): string;",
      "export const g = (ms: number) => utcToZonedLocal(ms, 'UTC').slice(11);",
    ].join("\n");
    expect(await problems(code)).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it("lets other slices be, and the named helpers and formatters through", async () => {
    const code = [
      'import { formatZoned, isoDay } from "~/lib/zoned-time";',
      "export const a = (id: string) => id.slice(0, 10);",
      "export const b = (hash: string) => hash.slice(0, 16);",
      "export const c = (dates: string[]) => dates.slice(0, 5);",
      "export const d = (day: string) => day.slice(0, 7);",
      "export const e = (t: number) => isoDay(t);",
      "export const f = (t: number) => formatZoned(t, 'Australia/Brisbane');",
    ].join("\n");
    expect(await problems(code)).toEqual([]);
  });

  it("holds in routes and libs, and not in tests or in zoned-time itself", async () => {
    const code = "export const a = (iso: string) => iso.slice(0, 16);";
    expect(await problems(code, "app/routes/dashboard.example.tsx")).toEqual([1]);
    expect(await problems(code, "app/lib/example.ts")).toEqual([1]);
    expect(await problems(code, "app/lib/zoned-time.ts")).toEqual([]);
    expect(await problems(code, "app/modules/example/page.test.ts")).toEqual([]);
  });
});
