/** Contract test of the geocoding calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { createUpstream } from "~/services/upstream/client.server";
import { reverseGeocode, searchPlaces } from "./geocode-upstream.server";
import { rejection, useContractSimulator } from "../../../tests/support/contract";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");

// On Ipswich Rd between Annerley and Woolloongabba? Any point near the CBD has a road close by.
const CBD = { lat: -27.4698, lng: 153.0251 };

describe("GET /geocode/reverse", () => {
  it("answers a street address on the simulator's road network, and a suburb at suburb level", async () => {
    const a = await admin();
    const street = await reverseGeocode(a, CBD.lat + 0.001, CBD.lng + 0.001, "street");
    expect(street).not.toBeNull();
    expect(street!.level).toBe("street");
    expect(street!.street).toMatch(/ (Rd|St|Dr|Mwy|Hwy|Bypass)$/);
    expect(street!.house_number).toMatch(/^\d+$/);
    expect(street!.suburb).toBe("Brisbane City");
    expect(street!.label).toBe(
      `${street!.house_number} ${street!.street}, Brisbane City QLD ${street!.postcode}`,
    );
    expect(street!.distance_m).toBeLessThan(1000);

    const suburb = await reverseGeocode(a, CBD.lat + 0.001, CBD.lng + 0.001, "suburb");
    expect(suburb).toMatchObject({
      level: "suburb",
      street: null,
      house_number: null,
      suburb: "Brisbane City",
      label: `Brisbane City QLD ${street!.postcode}`,
    });
    // The same position gives the same answer (a cache may keep it).
    expect(await reverseGeocode(a, CBD.lat + 0.001, CBD.lng + 0.001, "street")).toEqual(street);
  });

  it("is null far from any road (404), and refuses a bad position or level", async () => {
    const a = await admin();
    expect(await reverseGeocode(a, -33.8688, 151.2093, "street")).toBeNull(); // Sydney
    expect((await rejection(reverseGeocode(a, 123, 0, "street"))).status).toBe(400);
    expect((await rejection(reverseGeocode(a, 0, 0, "house" as unknown as "street"))).status).toBe(
      400,
    );
  });

  it("needs a token, and reports an outage as an UpstreamError", async () => {
    expect((await rejection(reverseGeocode(up.base, CBD.lat, CBD.lng, "street"))).status).toBe(401);
    const a = await admin();
    up.sim.setFaults({ down: true });
    expect((await rejection(reverseGeocode(a, CBD.lat, CBD.lng, "street"))).status).toBe(503);
  });

  it("rejects an answer that breaks the contract", async () => {
    const fake = createUpstream({
      baseUrl: "http://upstream.invalid",
      retries: 0,
      fetch: async () =>
        new Response(JSON.stringify({ lat: 0, lng: 0, level: "street", label: "" }), {
          headers: { "content-type": "application/json" },
        }),
    }).withToken("t");
    expect((await rejection(reverseGeocode(fake, 0, 0, "street"))).kind).toBe("invalid_response");
  });
});

describe("GET /geocode/search", () => {
  it("finds suburbs and roads by name, with coordinates", async () => {
    const a = await admin();
    const places = await searchPlaces(a, "annerley");
    expect(places[0]).toMatchObject({ kind: "suburb", lat: -27.512, lng: 153.033 });
    expect(places[0]!.label).toMatch(/^Annerley QLD 4\d{3}$/);
    const roads = await searchPlaces(a, "Ipswich Rd");
    expect(roads.length).toBeGreaterThan(0);
    for (const r of roads) expect(r).toMatchObject({ kind: "street" });
    expect(roads[0]!.label).toMatch(/^Ipswich Rd, /);
    expect(await searchPlaces(a, "zzzz nowhere")).toEqual([]);
    expect((await rejection(searchPlaces(a, "a"))).status).toBe(400);
  });
});
