/**
 * Issue 15 item 7: the sign-in limit holds for the account, not for the typed identifier (the
 * username and the e-mail address are one account), and recovery-token guesses are limited too.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as recoverAction } from "~/routes/recoverAccount";
import { RATE_LIMIT_MESSAGE, RECOVERY_RATE_LIMIT_MESSAGE } from "~/services/rate-limit.server";
import { truncate, useTestDatabase } from "../support/db";
import { call, formPost } from "../support/remix";
import { useSimulator } from "../support/upstream";
import type { Simulator } from "../../server/sim/index";

let dbUrl = "";
let sim: Simulator;

beforeAll(async () => {
  dbUrl = await useTestDatabase();
  sim = await useSimulator();
});

beforeEach(() => truncate(dbUrl, ["Session", "RateLimit", "LoginAccount"]));

function login(username: string, password: string, address: string) {
  return call(loginAction, formPost("/login", { username, password }), { clientAddress: address });
}

async function failTimes(n: number, username: string, address: string) {
  for (let i = 0; i < n; i++)
    expect((await login(username, `wrong-${i}`, address)).status, `failure ${i + 1}`).toBe(401);
}

function recover(token: string, address: string) {
  return call(recoverAction, formPost("/recoverAccount", { intent: "token", token }), {
    clientAddress: address,
  });
}

describe("the sign-in limit is the account's", () => {
  it("after 10 failures for 'demo', signing in as demo's e-mail address with the right password is refused too", async () => {
    await failTimes(10, "demo", "198.51.100.10");
    const byEmail = await login("demo@tracksmith.example", "demo123", "198.51.100.10");
    expect(byEmail.status).toBe(429);
    expect(JSON.stringify(await byEmail.json())).toContain(RATE_LIMIT_MESSAGE);
    expect(byEmail.headers.get("set-cookie") ?? "").not.toMatch(/tracksmith_session=[^;]/);
    // Another address is not locked out.
    expect((await login("demo@tracksmith.example", "demo123", "198.51.100.11")).status).toBe(302);
  });

  it("once the account is known, failures through the e-mail address lock the username before any password check", async () => {
    // A normal sign-in teaches the app that 'admin' and admin@harbour.example are one account.
    expect((await login("admin", "admin123", "198.51.100.20")).status).toBe(302);
    await failTimes(10, "ADMIN@harbour.example", "198.51.100.21");
    for (const [who, password] of [
      ["admin", "admin123"],
      ["admin", "wrong"],
      ["admin@harbour.example", "admin123"],
    ] as const) {
      const res = await login(who, password, "198.51.100.21");
      expect(res.status, `${who} / ${password}`).toBe(429);
    }
    // Other accounts from that address are untouched.
    expect((await login("driver", "driver123", "198.51.100.21")).status).toBe(302);
  });

  it("a failure for an unknown identifier counts on that identifier", async () => {
    await failTimes(10, "nobody-at-all", "198.51.100.30");
    expect((await login("nobody-at-all", "x", "198.51.100.30")).status).toBe(429);
    expect((await login("admin", "admin123", "198.51.100.30")).status).toBe(302);
  });
});

describe("recovery tokens", () => {
  it("limits token guesses per address: after 10 failures even a good token waits; another address does not", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await recover(`guess-${i}`, "198.51.100.40");
      expect(res.status, `guess ${i + 1}`).toBe(400);
    }
    const reset = (await fetch(`${sim.url}/__sim/reset-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "driver" }),
    }).then((r) => r.json())) as { token: string };
    const limited = await recover(reset.token, "198.51.100.40");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      step: "token",
      ok: false,
      errors: [RECOVERY_RATE_LIMIT_MESSAGE],
    });
    const elsewhere = await recover(reset.token, "198.51.100.41");
    expect(elsewhere.status).toBe(200);
  });
});
