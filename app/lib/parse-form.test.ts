import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "./parse-form";

const schema = z.object({ name: z.string() });
const form = (extra: Record<string, string | undefined>) => {
  const fd = new FormData();
  fd.append("name", "Ann");
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) fd.append(k, v);
  return fd;
};

describe("parseForm", () => {
  it("ignores forged Conform control inputs that would make parseWithZod throw", () => {
    for (const extra of [
      { __intent__: "on" },
      { __state__: "{" },
      { __intent__: '{"type":"insert","payload":{"name":"name"}}' },
    ]) {
      expect(() => parseWithZod(form(extra), { schema })).toThrow();
      const s = parseForm(form(extra), schema);
      expect(s.status).toBe("success");
      expect(s.status === "success" && s.value).toEqual({ name: "Ann" });
    }
  });
});
