import { describe, expect, it } from "vitest";
import { OutboundRefusedError } from "~/services/outbound-url.server";
import { retryText } from "./format";
import { MAX_TRIES, nextTryAt } from "./webhook-delivery.server";
import { judge } from "./webhook-post.server";

describe("which webhook failures are tried again", () => {
  it("retries network errors, timeouts, 5xx, 408 and 429; not other 4xx, redirects or refused addresses", () => {
    expect(judge(204)).toEqual({ ok: true, status: 204 });
    for (const s of [500, 502, 503, 504, 408, 429])
      expect(judge(s), String(s)).toMatchObject({ ok: false, retry: true, status: s });
    for (const s of [400, 401, 403, 404, 410, 422])
      expect(judge(s), String(s)).toMatchObject({
        ok: false,
        retry: false,
        error: `webhook answered ${s} (refused by the receiver; not retried)`,
      });
    expect(judge(302)).toMatchObject({ retry: false, error: /redirects are not followed/ });
    expect(judge(null, new Error("connect ECONNREFUSED 1.2.3.4:443"))).toMatchObject({
      retry: true,
      error: "webhook not reached: connect ECONNREFUSED 1.2.3.4:443",
    });
    const timeout = Object.assign(new Error("x"), { name: "TimeoutError" });
    expect(judge(null, timeout)).toMatchObject({ retry: true, error: /timed out/ });
    expect(
      judge(null, new OutboundRefusedError("Only public internet addresses are allowed")),
    ).toMatchObject({ retry: false, error: /public internet.*not retried/ });
  });
});

describe("the retry schedule", () => {
  it("waits 1, 5 and 30 minutes, rounded up to the minute the job runs, 4 tries in all", () => {
    const t = Date.UTC(2026, 10, 26, 14, 3, 20);
    expect(nextTryAt(1, t).toISOString()).toBe("2026-11-26T14:05:00.000Z");
    expect(nextTryAt(2, t).toISOString()).toBe("2026-11-26T14:09:00.000Z");
    expect(nextTryAt(3, t).toISOString()).toBe("2026-11-26T14:34:00.000Z");
    expect(nextTryAt(1, Date.UTC(2026, 10, 26, 14, 3)).toISOString()).toBe(
      "2026-11-26T14:04:00.000Z",
    );
    expect(MAX_TRIES).toBe(4);
  });
  it("says the state in the company's time zone", () => {
    const r = { nextTry: 2, of: 4, nextAt: "2026-11-26T04:05:00.000Z", lastError: null };
    expect(retryText(r, "Australia/Brisbane")).toBe("Retrying (try 2 of 4, next at 14:05)");
    expect(retryText({ ...r, lastError: "webhook answered 503" }, "UTC")).toBe(
      "Retrying (try 2 of 4, next at 04:05): webhook answered 503",
    );
    expect(retryText({ ...r, nextTry: 3, nextAt: null }, "UTC")).toBe("Sending (try 3 of 4)");
  });
});
