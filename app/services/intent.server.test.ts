import { describe, expect, it } from "vitest";
import { switchIntent, UNKNOWN_INTENT_MESSAGE } from "./intent.server";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe("switchIntent", () => {
  const handlers = {
    save: (f: FormData) => `saved ${String(f.get("name"))}`,
    remove: async () => "removed",
  };

  it("runs the one handler of the posted intent with the form", async () => {
    expect(await switchIntent(form({ intent: "save", name: "Ute" }), handlers)).toBe("saved Ute");
    expect(await switchIntent(form({ intent: "remove" }), handlers)).toBe("removed");
  });

  it.each(["", "nope", "constructor", "__proto__", "toString"])(
    "answers an unknown intent %j with 400 and the spec's message",
    async (intent) => {
      const res = (await switchIntent(form(intent ? { intent } : {}), handlers)) as Response;
      expect(res).toBeInstanceOf(Response);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ intent: "error", message: UNKNOWN_INTENT_MESSAGE });
    },
  );

  it("keeps the message word for word", () => {
    expect(UNKNOWN_INTENT_MESSAGE).toBe("That request was not understood.");
  });
});
