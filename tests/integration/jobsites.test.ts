import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Auth } from "~/services/company-context.server";
import { clearJobsiteCache, companyJobsites, toMapJobsites } from "~/modules/fleet/jobsites.server";
import { resetBreakers } from "~/services/upstream/resilience";
import type { Simulator } from "../../server/sim/index";
import { upstreamAuth, useSimulator } from "../support/upstream";

let sim: Simulator;
let admin: Auth;
let other: Auth;

const signIn = upstreamAuth;

beforeAll(async () => {
  sim = await useSimulator();
  admin = await signIn("admin", "admin123");
  other = await signIn("other", "other123");
});
beforeEach(() => {
  clearJobsiteCache();
  resetBreakers();
  sim.setFaults({ down: false });
});

describe("jobsites for the map", () => {
  it("serves each company its own jobsites as circles and polygons", async () => {
    const mine = await companyJobsites(admin);
    expect(mine.stale).toBe(false);
    expect(mine.jobsites.map((j) => j.id)).toEqual([101, 102, 103, 104, 105]);
    expect(mine.jobsites.find((j) => j.id === 102)!.fence).toEqual({
      kind: "circle",
      lat: -27.4318,
      lng: 153.0885,
      radius: 350,
    });
    expect(mine.jobsites.find((j) => j.id === 101)!.fence.kind).toBe("polygon");
    const theirs = await companyJobsites(other);
    expect(theirs.jobsites.map((j) => j.name)).toEqual([
      "Moorooka Workshop",
      "Annerley Units Renovation",
    ]);
  });

  it("keeps serving the last known jobsites, marked stale, while the upstream is down", async () => {
    const before = await companyJobsites(admin);
    sim.setFaults({ down: true });
    // Past the freshness window: the refresh fails in the background, the answer comes from the cache.
    const realNow = Date.now;
    Date.now = () => realNow() + 10 * 60_000;
    try {
      const during = await companyJobsites(admin);
      expect(during.jobsites).toEqual(before.jobsites);
      // The background refresh fails when it fails (later on a busy machine): ask until it has.
      await vi.waitFor(
        async () => {
          const after = await companyJobsites(admin);
          expect(after.jobsites).toEqual(before.jobsites);
          expect(after.stale).toBe(true);
          expect(after.asOf).toBe(before.asOf);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      Date.now = realNow;
    }
  });

  it("answers an empty list (not an error) when the upstream is down and nothing is known yet", async () => {
    sim.setFaults({ down: true });
    expect(await companyJobsites(admin)).toEqual({ jobsites: [], stale: true, asOf: null });
  });

  it("draws only active jobsites with a geofence", () => {
    expect(
      toMapJobsites([
        { id: 1, name: "a", geofence: null },
        {
          id: 2,
          name: "b",
          active: false,
          geofence: { type: "circle", lat: 1, lng: 2, radius_meters: 3 },
        },
        {
          id: 3,
          name: "c",
          address: null,
          geofence: {
            type: "polygon",
            points: [
              { lat: 0, lng: 0 },
              { lat: 0, lng: 1 },
              { lat: 1, lng: 1 },
            ],
          },
        },
      ]),
    ).toEqual([
      {
        id: 3,
        name: "c",
        address: null,
        fence: {
          kind: "polygon",
          points: [
            [0, 0],
            [0, 1],
            [1, 1],
          ],
        },
      },
    ]);
  });
});
