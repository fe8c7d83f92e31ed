import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Simulator } from "../../server/sim";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { prisma } from "~/services/db.server";
import { resetBreakers } from "~/services/upstream/resilience";
import { useTestDatabase } from "../support/db";
import { upstreamAuth, useSimulator } from "../support/upstream";

/**
 * Issue 38, item 2: one failed app-settings call used to send the whole company to UTC for ten
 * minutes (the fallback was cached as if it were the answer). The last zone the upstream gave is
 * kept in PostgreSQL and answered instead; a company with none gets UTC only until the next try.
 */
let sim: Simulator;
const MIN = 60_000;

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
});

afterEach(() => {
  sim.setFaults({ down: false });
  resetBreakers();
  vi.useRealTimers();
});

describe("the company's time zone when the settings call fails", () => {
  it("keeps the last zone the upstream gave, stored, instead of UTC", async () => {
    const admin = await upstreamAuth("admin", "admin123");
    expect(await companyTimeZone(admin)).toBe("Australia/Brisbane");
    expect(
      (await prisma.companyZone.findUniqueOrThrow({ where: { companyId: admin.companyId } }))
        .timeZone,
    ).toBe("Australia/Brisbane");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * MIN });
    sim.setFaults({ down: true });
    expect(await companyTimeZone(admin)).toBe("Australia/Brisbane");
  });

  it("answers UTC to a company it never heard from only until it asks again", async () => {
    const other = await upstreamAuth("other", "other123");
    sim.setFaults({ down: true });
    expect(await companyTimeZone(other)).toBe("UTC");
    sim.setFaults({ down: false });
    resetBreakers();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + MIN });
    expect(await companyTimeZone(other)).toBe("Australia/Brisbane");
  });

  it("finds a zone another process stored after this one's first try failed", async () => {
    const admin = await upstreamAuth("admin", "admin123");
    const fresh = { ...admin, companyId: 990_001 };
    sim.setFaults({ down: true });
    expect(await companyTimeZone(fresh)).toBe("UTC");
    await prisma.companyZone.create({
      data: { companyId: fresh.companyId, timeZone: "Europe/Oslo" },
    });
    expect(await companyTimeZone(fresh)).toBe("Europe/Oslo");
  });
});
