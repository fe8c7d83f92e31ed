/** The pour check of a strength result, with and without the pours API's state beside it. */
import { describe, expect, it } from "vitest";
import { concreteMixRoutes } from "./api-concrete-mix";
import { HttpError, type Ctx, type SimState } from "./kit";

const post = concreteMixRoutes.find(
  (r) => r.method === "POST" && r.path === "/concrete/maturityinputs",
)!;

function ctx(
  state: Partial<SimState> & Record<string, unknown>,
  body: unknown,
  companyid = 1,
): Ctx {
  return {
    method: "POST",
    path: "/concrete/maturityinputs",
    query: new URLSearchParams(),
    body,
    user: { companyid } as Ctx["user"],
    jti: "t",
    now: Date.UTC(2026, 10, 20),
    state: state as SimState,
    random: () => "r",
  };
}
const result = (pour_id: number) => ({
  specimen: "cylinder",
  label: "",
  mix_design_id: null,
  pour_id,
  tested_at: "2026-11-20T10:00:00Z",
  age_h: 24,
  strength_mpa: 9,
  maturity_index: null,
  notes: "",
});
async function status(c: Ctx) {
  try {
    return (await post.handler(c)).status;
  } catch (e) {
    if (e instanceof HttpError) return e.status;
    throw e;
  }
}

describe("strength result against a pour", () => {
  it("takes a pour id on trust while no pours API keeps state", async () => {
    expect(await status(ctx({}, result(5)))).toBe(201);
  });

  it("with pours present: the company's pour is accepted, an unknown or foreign one is a 404", async () => {
    const state = {
      concretePours: {
        pours: [
          { id: 5, companyid: 1 },
          { id: 6, companyid: 2 },
        ],
      },
      // Only the pours this check reads (the pours API keeps more: api-concrete.ts).
    } as unknown as Partial<SimState>;
    expect(await status(ctx(state, result(5)))).toBe(201);
    expect(await status(ctx(state, result(6)))).toBe(404);
    expect(await status(ctx(state, result(7)))).toBe(404);
    expect(await status(ctx(state, result(6), 2))).toBe(201);
  });
});
