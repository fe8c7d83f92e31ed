/**
 * Issue 35, one ruler for temperatures: an imperial user types °F and the upstream keeps °C (a
 * mix design's datum T₀, a mass-concrete limit set), and the pour report PDF speaks °F to them.
 * Through the routes' loaders and actions, against PostgreSQL and the simulator.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingsCookieString } from "~/lib/settings";
import { listMixDesigns, listSuppliers } from "~/modules/concrete/mix-upstream.server";
import { listLimits } from "~/modules/concrete/pours-upstream.server";
import * as newMixRoute from "~/routes/_shell.concrete.mix-design._index";
import { action as limitAction } from "~/routes/_shell.concrete.mass-concrete-limit._index";
import { loader as reportLoader } from "~/routes/concrete.pour-report.$id";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

const RAFT = 802;
let imperial = "";
let token = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const session = await sessionCookie("admin", "admin123");
  const settings = { ...DEFAULT_SETTINGS, measurement: "imperial" as const, savedAt: Date.now() };
  imperial = `${session}; ${settingsCookieString(settings).split(";")[0]}`;
  token = (await upstreamAuth("admin", "admin123")).token;
}, 60_000);

const mixFields = (supplier: number, extra: Record<string, string>) => ({
  intent: "create",
  supplier_id: String(supplier),
  name: "N32 imperial",
  design_strength_mpa: "32",
  cement_type: "GP (general purpose)",
  wc_ratio: "0.5",
  slump_mm: "100",
  q_k: "",
  basis: "maturity",
  curve: "best",
  ...extra,
});

describe("temperatures typed and read in °F (issue 35)", () => {
  it("a mix design's datum T₀ typed as 14 °F is kept as −10 °C; out of range is named in °F", async () => {
    const supplier = (await listSuppliers(upstream(token)))[0]!.id;
    const refused = await call(
      newMixRoute.action,
      formPost("/concrete/mix-design", mixFields(supplier, { unit: "F", datum_c: "80" }), {
        cookie: imperial,
      }),
    );
    expect(refused.status).toBe(400);
    const reply = (await refused.json()) as { errors: Record<string, string> };
    expect(reply.errors.datum_c).toBe("Enter the datum temperature T₀, −22 to 68 °F");

    const made = await call(
      newMixRoute.action,
      formPost("/concrete/mix-design", mixFields(supplier, { unit: "F", datum_c: "14" }), {
        cookie: imperial,
      }),
    );
    expect(made.status).toBe(302);
    const id = Number(/\/concrete\/mix-design\/(\d+)/.exec(made.headers.get("location")!)![1]);
    const mix = (await listMixDesigns(upstream(token))).find((m) => m.id === id)!;
    expect(mix.datum_c).toBe(-10);
  });

  it("a mass-concrete limit set typed in °F is kept in °C (158 °F, 35 °F apart, 3.6 °F/h)", async () => {
    const res = await call(
      limitAction,
      formPost(
        "/concrete/mass-concrete-limit",
        {
          intent: "save",
          name: "Imperial piers",
          max_temp: "158",
          min_temp: "41",
          max_diff: "35",
          max_cooling: "3.6",
        },
        { cookie: imperial },
      ),
    );
    expect(res.status).toBe(302);
    const set = (await listLimits(upstream(token))).find((l) => l.name === "Imperial piers")!;
    expect(set).toMatchObject({
      max_temp_c: 70,
      min_temp_c: 5,
      max_diff_c: 19.4,
      max_cooling_c_per_h: 2,
    });
  });

  it("the pour report PDF reads °F for an imperial user: sensors, datum and the breach", async () => {
    const res = await call(reportLoader, get(`/concrete/pour-report/${RAFT}`, imperial), {
      params: { id: String(RAFT) },
    });
    expect(res.status).toBe(200);
    const pdf = await pdfText(new Uint8Array(await res.arrayBuffer()));
    const text = pdf.text.replace(/\s+/g, " ");
    expect(text).toContain("Core–surface difference above the limit");
    expect(text).toMatch(/datum -?\d+\.\d °F/);
    expect(text).toMatch(/last -?\d+\.\d °F at/);
    // The difference breach: its worst and its limit (19.4 °C apart is 34.9 °F apart).
    expect(text).toMatch(/difference above the limit at .* \d+\.\d °F \(limit 34\.9 °F\)/);
    // Only the maturity index keeps its calibration's °C·h.
    expect(text.replaceAll("°C·h", "")).not.toContain("°C");
  });
});
