import type { TypedResponse } from "@remix-run/node";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { UnknownIntent } from "~/services/intent.server";
import { replyIn, resultFor, type ActionResult } from "./action-result";

/** An action of two intents, as switchIntent types it. */
type Action = () => Promise<
  | TypedResponse<{ intent: "save"; errors: Record<string, string> }>
  | TypedResponse<{ intent: "delete"; confirmFor: string }>
  | TypedResponse<UnknownIntent>
>;

type Result = ActionResult<Action>;

describe("ActionResult", () => {
  it("reads any member's field without narrowing, and still narrows by intent", () => {
    expectTypeOf<Result["confirmFor"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Extract<Result, { intent: "delete" }>["confirmFor"]>().toEqualTypeOf<string>();
  });

  it("includes what the route wrapper answers for the action (NotSaved)", () => {
    expectTypeOf<Extract<Result, { ok: false }>>().toMatchTypeOf<{
      intent: string;
      message: string;
      error: string;
      field?: string;
    }>();
    expectTypeOf<Result["message"]>().toEqualTypeOf<string | undefined>();
  });
});

describe("replyIn / resultFor", () => {
  const reply = { status: "error" as const, error: { name: ["Taken"] }, initialValue: {} };

  it("reads the action's Conform reply, or the wrapper's NotSaved as the form's error", () => {
    expect(replyIn({ result: reply })).toBe(reply);
    expect(replyIn({ ok: false, message: "Not saved" })).toEqual({
      status: "error",
      error: { "": ["Not saved"] },
    });
    expect(resultFor({ intent: "create", result: reply }, "create")).toBe(reply);
    expect(resultFor({ intent: "create", result: reply }, "delete")).toBeUndefined();
  });

  it("gives Conform nothing for an answer that carries no reply (a price, a success)", () => {
    expect(replyIn({ ok: true })).toBeUndefined();
    expect(resultFor({ intent: "create", ok: true }, "create")).toBeUndefined();
  });
});
