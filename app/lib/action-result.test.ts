import type { TypedResponse } from "@remix-run/node";
import { describe, expectTypeOf, it } from "vitest";
import type { UnknownIntent } from "~/services/intent.server";
import type { ActionResult } from "./action-result";

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
