/**
 * The account page and company settings actions against the simulator: validation, saving
 * through the designed upstream calls, the session refresh, the admin guard and tenant scope.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../server/sim/index";
import { action as accountAction, loader as accountLoader } from "~/routes/dashboard.account";
import {
  action as companyAction,
  loader as companyLoader,
} from "~/routes/dashboard.company_settings";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { getAuth } from "~/services/auth.server";
import { shellLoader } from "~/services/shell.server";
import { loader as logbookLoader } from "~/routes/dashboard.logbook";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get, toastOf } from "../support/remix";
import { useSimulator } from "../support/upstream";

let sim: Simulator;
beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
});

let seq = 0;
/** A fresh sign-up (its own company, every feature on, every permission), signed in. */
async function freshAccount() {
  seq++;
  const email = `acct${seq}-${Date.now()}@example.test`;
  const res = await call(
    registerAction,
    formPost("/register", {
      first_name: "Fresh",
      last_name: `User${seq}`,
      email,
      password: "pw-12345678",
    }),
    { clientAddress: `198.51.100.${seq}` },
  );
  expect(res.status).toBe(302);
  const cookie = cookieFrom(res);
  const auth = (await getAuth(get("/", cookie).clone()))!;
  return { email, cookie, user: auth.user };
}

async function signIn(username: string, password: string) {
  const res = await call(loginAction, formPost("/login", { username, password }), {
    clientAddress: "192.0.2.44",
  });
  expect(res.status).toBe(302);
  return cookieFrom(res);
}

const withCookie = (req: Request, cookie: string) => {
  req.headers.set("cookie", cookie);
  return req;
};
const sessionUser = async (cookie: string) => (await getAuth(get("/", cookie)))!.user;

describe("the account page saves the profile", () => {
  it("answers 400 with a message next to each invalid field and keeps what was typed", async () => {
    const { cookie } = await freshAccount();
    const res = await call(
      accountAction,
      withCookie(
        formPost("/dashboard/account", {
          first_name: "",
          last_name: "Keep Me",
          email: "not-an-email",
          mobile: "call me",
        }),
        cookie,
      ),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({
      first_name: ["Enter your first name"],
      email: ["Enter a valid email address"],
      mobile: ["Enter a valid phone number"],
    });
    expect(body.initialValue).toMatchObject({
      last_name: "Keep Me",
      email: "not-an-email",
      mobile: "call me",
    });
  });

  it("saves through the upstream, redirects with a notice and refreshes the session's user", async () => {
    const { cookie, user } = await freshAccount();
    const res = await call(
      accountAction,
      withCookie(
        formPost("/dashboard/account", {
          first_name: "Renata",
          last_name: "Quill",
          email: `renata.${seq}@example.test`,
          mobile: "+61 400 123 456",
          username_id: "1",
        }),
        cookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/account");
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      description: "Your profile has been saved.",
    });
    const next = cookieFrom(res) || cookie;
    expect(await sessionUser(next)).toMatchObject({
      username_id: user.username_id,
      name: "Renata Quill",
      first_name: "Renata",
      last_name: "Quill",
      email: `renata.${seq}@example.test`,
    });
    // The avatar menu (shell) and the page both show the new details.
    const shell = await (await call(shellLoader, get("/dashboard/account", next))).json();
    expect(shell.user).toMatchObject({ name: "Renata Quill" });
    const page = await (await call(accountLoader, get("/dashboard/account", next))).json();
    expect(page).toMatchObject({
      profile: { name: "Renata Quill", mobile: "+61 400 123 456", source: "upstream" },
    });
    // The upstream changed this user only (a posted username_id is ignored).
    expect(sim.world.users.find((u) => u.username_id === user.username_id)).toMatchObject({
      first_name: "Renata",
      mobile: "+61 400 123 456",
    });
    expect(sim.world.users.find((u) => u.username_id === 1)?.first_name).not.toBe("Renata");
  });

  it("clears the mobile when the field is left empty", async () => {
    const { cookie, user, email } = await freshAccount();
    sim.world.users.find((u) => u.username_id === user.username_id)!.mobile = "0400 000 000";
    const res = await call(
      accountAction,
      withCookie(
        formPost("/dashboard/account", {
          first_name: "Fresh",
          last_name: "User",
          email,
          mobile: "",
        }),
        cookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(sim.world.users.find((u) => u.username_id === user.username_id)!.mobile).toBeNull();
  });

  it("puts the upstream's 409 next to the email field and leaves the session alone", async () => {
    const { cookie, user } = await freshAccount();
    const taken = sim.world.users.find((u) => u.username === "admin")!.email;
    const res = await call(
      accountAction,
      withCookie(
        formPost("/dashboard/account", { first_name: "Clash", last_name: "Person", email: taken }),
        cookie,
      ),
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toMatchObject({ email: ["That email address belongs to another user."] });
    expect(body.initialValue).toMatchObject({ first_name: "Clash", email: taken });
    expect((await sessionUser(cookie)).name).toBe(user.name);
  });

  it("says so when the upstream does not answer, without saving", async () => {
    const { cookie, user } = await freshAccount();
    sim.setFaults({ failPaths: ["/user/profile"] });
    try {
      const res = await call(
        accountAction,
        withCookie(
          formPost("/dashboard/account", {
            first_name: "Never",
            last_name: "Saved",
            email: "never@example.test",
          }),
          cookie,
        ),
      );
      expect(res.status).toBe(503);
      expect((await res.json()).error[""]).toEqual([
        "The tracking service did not answer, so nothing was saved. Try again in a moment.",
      ]);
    } finally {
      sim.setFaults({ failPaths: [] });
    }
    expect((await sessionUser(cookie)).name).toBe(user.name);
  });

  it("sends a visitor without a session to /login", async () => {
    const res = await call(
      accountAction,
      formPost("/dashboard/account", { first_name: "A", last_name: "B", email: "a@b.co" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("company settings save the feature flags", () => {
  const allBut = (...off: string[]) =>
    [
      "dashcam",
      "reporting",
      "cold_chain",
      "automation",
      "insight_tags",
      "vehicle_task_management",
      "inputs",
      "logbook",
      "driver_safety",
      "driver_management",
      "timesheet",
      "forms",
      "ble_beacons",
      "concrete_curing",
    ].filter((f) => !off.includes(f));
  const post = (features: string[], extra: [string, string][] = []) => {
    const body = new URLSearchParams([
      ...features.map((f) => ["features", f] as [string, string]),
      ...extra,
    ]);
    return new Request("http://localhost:3000/dashboard/company_settings", {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:3000",
      },
    });
  };

  it("refuses users without edit_permissions with 403, loader and action", async () => {
    for (const [u, p] of [
      ["demo", "demo123"],
      ["tsadmin", "tsadmin123"],
    ]) {
      const cookie = await signIn(u, p);
      expect(
        (await call(companyLoader, get("/dashboard/company_settings", cookie))).status,
        u,
      ).toBe(403);
      expect(
        (
          await call(
            companyAction,
            withCookie(post(allBut("logbook"), [["confirm", "yes"]]), cookie),
          )
        ).status,
        u,
      ).toBe(403);
    }
    expect(
      JSON.parse(sim.world.appSettings.find((s) => s.companyid === 1 && s.type === 7)!.settings)
        .logbook,
    ).toBe(true);
  });

  it("answers 400 for a feature that is not in the list", async () => {
    const { cookie } = await freshAccount();
    const res = await call(companyAction, withCookie(post(["logbook", "rocket_launcher"]), cookie));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Choose features from the list." });
  });

  it("asks for confirmation before turning a feature off, then saves and refreshes every session of the company", async () => {
    const { cookie, user, email } = await freshAccount();
    const second = await signIn(email, "pw-12345678"); // the same user on another device
    const ask = await call(companyAction, withCookie(post(allBut("logbook")), cookie));
    expect(ask.status).toBe(200);
    expect(await ask.json()).toEqual({
      error: null,
      confirm: { off: ["logbook"], on: allBut("logbook") },
    });
    const setting = () =>
      JSON.parse(
        sim.world.appSettings.find((s) => s.companyid === user.companyid && s.type === 7)!.settings,
      );
    expect(setting().logbook).toBe(true);

    const res = await call(
      companyAction,
      withCookie(post(allBut("logbook"), [["confirm", "yes"]]), cookie),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/company_settings");
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      description: "The company's features have been saved.",
    });
    expect(setting()).toMatchObject({ logbook: false, dashcam: true });
    const next = cookieFrom(res) || cookie;
    expect((await sessionUser(next)).features_enabled).toMatchObject({
      logbook: false,
      dashcam: true,
    });
    expect((await sessionUser(second)).features_enabled.logbook).toBe(false);
    // The menu and the route guard follow at once.
    const shell = await (await call(shellLoader, get("/dashboard/account", next))).json();
    const hrefs = JSON.stringify(shell.menu);
    expect(hrefs).not.toContain("/dashboard/logbook");
    expect(hrefs).toContain("/dashboard/trips");
    expect((await call(logbookLoader, get("/dashboard/logbook", next))).status).toBe(403);
    const page = await (await call(companyLoader, get("/dashboard/company_settings", next))).json();
    expect(page.rows).toContainEqual({ name: "logbook", state: "off" });

    // Turning it back on needs no confirmation.
    const back = await call(companyAction, withCookie(post(allBut()), next));
    expect(back.status).toBe(302);
    expect((await sessionUser(next)).features_enabled.logbook).toBe(true);
  });

  it("stays inside the session's company: another company's flags and sessions are untouched", async () => {
    const admin = await signIn("admin", "admin123");
    const company1 = () =>
      sim.world.appSettings.find((s) => s.companyid === 1 && s.type === 7)!.settings;
    const before = company1();
    const { cookie, user } = await freshAccount();
    const res = await call(
      companyAction,
      withCookie(
        post(allBut("dashcam"), [
          ["confirm", "yes"],
          ["companyid", "1"],
          ["companyId", "1"],
        ]),
        cookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(company1()).toBe(before);
    expect(
      JSON.parse(
        sim.world.appSettings.find((s) => s.companyid === user.companyid && s.type === 7)!.settings,
      ).dashcam,
    ).toBe(false);
    expect((await sessionUser(admin)).features_enabled.dashcam).toBe(true);
  });
});
