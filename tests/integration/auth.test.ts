import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { getAuth } from "~/services/auth.server";
import { serveMapData } from "~/modules/fleet/map-data.server";
import { endAllSessions } from "~/services/session.server";
import { requireModule } from "~/services/guard.server";
import { prisma } from "~/services/db.server";
import { RATE_LIMIT_MESSAGE } from "~/services/rate-limit.server";
import { truncate, useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { useSimulator } from "../support/upstream";

let dbUrl = "";
let sim: Awaited<ReturnType<typeof useSimulator>>;

beforeAll(async () => {
  dbUrl = await useTestDatabase();
  sim = await useSimulator();
});

beforeEach(() => truncate(dbUrl, ["Session", "RateLimit", "LoginAccount"]));

async function login(
  username: string,
  password: string,
  options: { address?: string; redirectTo?: string; cookie?: string } = {},
) {
  const fields: Record<string, string> = { username, password };
  if (options.redirectTo !== undefined) fields.redirectTo = options.redirectTo;
  return call(
    loginAction,
    formPost("/login", fields, options.cookie ? { cookie: options.cookie } : {}),
    { clientAddress: options.address },
  );
}

describe("sign-in", () => {
  it("signs in, keeps the session server-side, and returns to the requested path", async () => {
    const res = await login("admin", "admin123", { redirectTo: "/dashboard/trips?imei=1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/trips?imei=1");
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // The cookie holds only the signed id: no token, no user data.
    expect(decodeURIComponent(setCookie)).not.toMatch(/eyJ|admin|permissions/);
    const auth = await getAuth(get("/", cookieFrom(res)));
    expect(auth?.user.username).toBe("admin");
    expect(auth?.user.permissions.edit_permissions).toBe(true);
    expect(Object.keys(auth?.user.features_enabled ?? {})).toContain("logbook");
  });

  it("says 'The username or password is incorrect.' for a wrong password and for an unknown user alike", async () => {
    const wrong = await login("admin", "nope");
    const unknown = await login("nobody-at-all", "nope");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(JSON.stringify(await wrong.json())).toContain("The username or password is incorrect.");
    expect(JSON.stringify(await unknown.json())).toContain(
      "The username or password is incorrect.",
    );
  });

  it.each(["//x", "/\\x", "https://x.example", "/../x"])(
    "refuses the open redirect %j",
    async (redirectTo) => {
      const res = await login("admin", "admin123", { redirectTo });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/dashboard/assets");
    },
  );

  it("issues a new session id at sign-in: a planted cookie is useless afterwards", async () => {
    const first = await login("driver", "driver123");
    const planted = cookieFrom(first);
    const second = await login("admin", "admin123", { cookie: planted });
    expect(cookieFrom(second)).not.toBe(planted);
    expect(await getAuth(get("/", planted))).toBeNull();
  });

  it("rejects the cookie after logout", async () => {
    const cookie = cookieFrom(await login("admin", "admin123"));
    const out = await call(logoutAction, formPost("/logout", {}, { cookie }));
    expect(out.status).toBe(302);
    expect(await getAuth(get("/", cookie))).toBeNull();
  });

  it("says 'Unable to logout' and keeps the session when the upstream logout fails (SPEC §8)", async () => {
    const cookie = cookieFrom(await login("admin", "admin123"));
    for (const faults of [{ failPaths: ["/auth/logout"] }, { down: true }]) {
      sim.setFaults(faults);
      try {
        const out = await call(logoutAction, formPost("/logout", {}, { cookie }));
        expect(out.status).toBe(502);
        expect(await out.json()).toEqual({ error: "Unable to logout" });
        expect(out.headers.getSetCookie()).toEqual([]);
        expect(await getAuth(get("/", cookie))).not.toBeNull();
      } finally {
        sim.setFaults({ failPaths: [], down: false });
      }
    }
    const out = await call(logoutAction, formPost("/logout", {}, { cookie }));
    expect(out.status).toBe(302);
    expect(await getAuth(get("/", cookie))).toBeNull();
  });

  it("ends map data access at sign-out and at 'end all sessions', despite its quick session cache", async () => {
    const mapData = (cookie: string) =>
      serveMapData({ cookie, acceptEncoding: "gzip", ifNoneMatch: null, part: null, v: null });
    const cookie = cookieFrom(await login("admin", "admin123"));
    expect((await mapData(cookie)).status).toBe(200);
    await call(logoutAction, formPost("/logout", {}, { cookie }));
    expect((await mapData(cookie)).status).toBe(401);

    const again = cookieFrom(await login("admin", "admin123"));
    expect((await mapData(again)).status).toBe(200);
    const user = (await getAuth(get("/", again)))!.user;
    await endAllSessions(user.username_id);
    expect((await mapData(again)).status).toBe(401);
  });
});

describe("session expiry", () => {
  it("treats an expired upstream token as signed out", async () => {
    const cookie = cookieFrom(await login("admin", "admin123"));
    const row = await prisma.session.findFirstOrThrow();
    await prisma.session.update({
      where: { id: row.id },
      data: { data: { ...(row.data as object), tokenExp: Math.floor(Date.now() / 1000) - 1 } },
    });
    expect(await getAuth(get("/", cookie))).toBeNull();
  });

  it("ends a session past its idle or absolute expiry", async () => {
    const cookie = cookieFrom(await login("admin", "admin123"));
    expect(await getAuth(get("/", cookie))).not.toBeNull();
    await prisma.session.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getAuth(get("/", cookie))).toBeNull();
    expect(await prisma.session.count()).toBe(0);
  });
});

describe("brute-force limit", () => {
  it("refuses the 11th wrong password for one username from one address; another address still signs in", async () => {
    for (let i = 0; i < 10; i++)
      expect((await login("admin", `wrong-${i}`, { address: "198.51.100.7" })).status).toBe(401);
    const eleventh = await login("admin", "admin123", { address: "198.51.100.7" });
    expect(eleventh.status).toBe(429);
    expect(JSON.stringify(await eleventh.json())).toContain(RATE_LIMIT_MESSAGE);
    const elsewhere = await login("admin", "admin123", { address: "198.51.100.99" });
    expect(elsewhere.status).toBe(302);
  });
});

describe("route guard", () => {
  it("answers 403 for a route the module hides, and redirects to /login without a session", async () => {
    const cookie = cookieFrom(await login("driver", "driver123"));
    const refused = await requireModule(get("/admin/people", cookie), "admin").catch(
      (r: Response) => r,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    const anonymous = (await requireModule(get("/admin/people"), "admin").catch(
      (r: Response) => r,
    )) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Fpeople");
    const admin = cookieFrom(await login("admin", "admin123"));
    await expect(requireModule(get("/admin/people", admin), "admin")).resolves.toMatchObject({
      user: { username: "admin" },
      companyId: 1,
      route: { moduleId: "admin", rule: { permission: "people_view" } },
    });
  });

  it("fails closed: a path its module does not declare is refused, even for the admin", async () => {
    const admin = cookieFrom(await login("admin", "admin123"));
    // /admin/people belongs to the admin module, not to fleet: guarding it as fleet is refused.
    const wrong = (await requireModule(get("/admin/people", admin), "fleet").catch(
      (r: Response) => r,
    )) as Response;
    expect(wrong.status).toBe(404);
    const unknown = (await requireModule(get("/dashboard/no-such-page", admin), "fleet").catch(
      (r: Response) => r,
    )) as Response;
    expect(unknown.status).toBe(404);
  });
});

describe("ending a user's sessions (admin)", () => {
  it("signs the user out everywhere, and cannot touch another company's users", async () => {
    const { endUserSessions } = await import("~/modules/account/admin-sessions.server");
    const driverA = cookieFrom(await login("driver", "driver123"));
    const driverB = cookieFrom(await login("driver", "driver123", { address: "198.51.100.20" }));
    const other = cookieFrom(await login("other", "other123"));
    const driver = (await getAuth(get("/", driverA)))!.user;
    const otherUser = (await getAuth(get("/", other)))!.user;
    // An admin of company 1 cannot end company 2's sessions.
    expect(await endUserSessions(driver.companyid, otherUser.username_id)).toBe(0);
    expect(await getAuth(get("/", other))).not.toBeNull();
    expect(await endUserSessions(driver.companyid, driver.username_id)).toBe(2);
    expect(await getAuth(get("/", driverA))).toBeNull();
    expect(await getAuth(get("/", driverB))).toBeNull();
  });
});

describe("password reset through the recovery page", () => {
  it("is refused for an ordinary session: only a recovery-link session may set a password without the old one", async () => {
    const { action: recoverAction } = await import("~/routes/recoverAccount");
    const cookie = cookieFrom(await login("admin", "admin123"));
    const res = await call(
      recoverAction,
      formPost("/recoverAccount", { intent: "reset", password: "hijacked" }, { cookie }),
    );
    expect(res.status).toBe(401);
    expect((await login("admin", "admin123", { address: "198.51.100.40" })).status).toBe(302);
  });
});
