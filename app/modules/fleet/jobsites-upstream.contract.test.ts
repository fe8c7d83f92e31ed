/** Contract test of the jobsite call: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { createUpstream } from "~/services/upstream/client.server";
import { UpstreamError } from "~/services/upstream/errors";
import { listJobsites } from "./jobsites-upstream.server";
import { useContractSimulator } from "../../../tests/support/contract";

const up = useContractSimulator();
const signIn = (username: string, password: string) => up.signIn(username, password);

describe("GET /jobsites/", () => {
  it("lists the company's jobsites with circle and polygon geofences", async () => {
    const list = await listJobsites(await signIn("admin", "admin123"));
    expect(list.map((j) => j.id)).toEqual([101, 102, 103, 104, 105]);
    expect(list.find((j) => j.id === 102)).toEqual({
      id: 102,
      name: "Eagle Farm Distribution Centre",
      address: "Schneider Rd, Eagle Farm QLD 4009",
      active: true,
      geofence: { type: "circle", lat: -27.4318, lng: 153.0885, radius_meters: 350 },
    });
    const berth = list.find((j) => j.id === 101)!;
    expect(berth.geofence?.type).toBe("polygon");
    if (berth.geofence?.type === "polygon")
      expect(berth.geofence.points.length).toBeGreaterThanOrEqual(3);
  });

  it("is tenant-isolated: each company sees only its own jobsites, some none", async () => {
    const other = await listJobsites(await signIn("other", "other123"));
    expect(other.map((j) => j.name)).toEqual(["Moorooka Workshop", "Annerley Units Renovation"]);
    expect(await listJobsites(await signIn("admin112", "admin123"))).toEqual([]);
  });

  it("needs a token, and reports an outage as an UpstreamError", async () => {
    const anon = await listJobsites(up.base).then(
      () => null,
      (e: unknown) => e,
    );
    expect(anon).toBeInstanceOf(UpstreamError);
    expect((anon as UpstreamError).status).toBe(401);
    const admin = await signIn("admin", "admin123");
    up.sim.setFaults({ down: true });
    const down = await listJobsites(admin).then(
      () => null,
      (e: unknown) => e,
    );
    expect(down).toBeInstanceOf(UpstreamError);
    expect((down as UpstreamError).status).toBe(503);
  });

  it("rejects a response that breaks the contract", async () => {
    const fake = createUpstream({
      baseUrl: "http://upstream.invalid",
      retries: 0,
      fetch: async () =>
        new Response(
          JSON.stringify([
            { id: 1, name: "x", geofence: { type: "circle", lat: 0, lng: 0, radius_meters: -5 } },
          ]),
          { headers: { "content-type": "application/json" } },
        ),
    }).withToken("t");
    const e = await listJobsites(fake).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(UpstreamError);
    expect((e as UpstreamError).kind).toBe("invalid_response");
  });
});
