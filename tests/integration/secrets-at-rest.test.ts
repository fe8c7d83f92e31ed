/**
 * Issue 15 item 11: upstream tokens (in sessions) and webhook signing secrets are encrypted at rest
 * with ENCRYPTION_KEY (a rotation list, newest first); rows written before still read.
 */
import crypto from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRule, updateRule } from "~/modules/notifications/alert-rules.server";
import { action as loginAction } from "~/routes/login";
import { upstream } from "~/services/api.server";
import { getAuth } from "~/services/auth.server";
import { prisma } from "~/services/db.server";
import { parseEnv, resetEnvCache } from "~/services/env.server";
import { isSealed, open, seal, SecretBoxError } from "~/services/secret-box.server";
import { tokenForCompany, updateSessionUser } from "~/services/session.server";
import * as up from "~/services/upstream/index.server";
import { truncate, useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { useSimulator } from "../support/upstream";

const KEY_A = "a".repeat(16) + crypto.randomBytes(16).toString("hex");
const KEY_B = "b".repeat(16) + crypto.randomBytes(16).toString("hex");

function useKeys(list: string | undefined) {
  if (list === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = list;
  resetEnvCache();
}

let dbUrl = "";

beforeAll(async () => {
  dbUrl = await useTestDatabase();
  await useSimulator();
});

beforeEach(() => truncate(dbUrl, ["Session"]));

afterEach(() => useKeys(undefined));

async function signIn(username = "admin", password = "admin123") {
  const res = await call(loginAction, formPost("/login", { username, password }), {
    clientAddress: `198.51.100.${Math.floor(Math.random() * 200)}`,
  });
  expect(res.status).toBe(302);
  return cookieFrom(res);
}

describe("upstream tokens in sessions", () => {
  it("stores the token sealed: the column is not the token, and the app still uses it", async () => {
    useKeys(KEY_A);
    const cookie = await signIn();
    const auth = (await getAuth(get("/", cookie)))!;
    expect(auth.token).toMatch(/\S{20,}/);
    const row = await prisma.session.findFirstOrThrow({ where: { userId: auth.user.username_id } });
    const stored = (row.data as { token: string }).token;
    expect(stored).not.toBe(auth.token);
    expect(stored).not.toContain(auth.token.slice(0, 12));
    expect(isSealed(stored)).toBe(true);
    expect(JSON.stringify(row.data)).not.toContain(auth.token);
    // The opened token is the upstream's: it reads the profile, and background work gets it too.
    expect((await up.profile(upstream(auth.token))).username).toBe("admin");
    expect(await tokenForCompany(auth.user.companyid, Date.now(), auth.user.username_id)).toBe(
      auth.token,
    );
  });

  it("reads a token sealed with an older key of the list, and the next write seals it with the newest", async () => {
    useKeys(KEY_A);
    const cookie = await signIn();
    const auth = (await getAuth(get("/", cookie)))!;
    useKeys(`${KEY_B},${KEY_A}`); // rotation: B is new, A still opens
    expect((await getAuth(get("/", cookie)))?.token).toBe(auth.token);
    const before = await prisma.session.findFirstOrThrow({
      where: { userId: auth.user.username_id },
    });
    await updateSessionUser(get("/", cookie), { ...auth.user, name: "Renamed" });
    const after = await prisma.session.findFirstOrThrow({ where: { id: before.id } });
    const sealedBefore = (before.data as { token: string }).token;
    const sealedAfter = (after.data as { token: string }).token;
    expect(sealedAfter.split(":")[1]).not.toBe(sealedBefore.split(":")[1]); // another key id
    useKeys(KEY_B); // A retired: the rewritten row still opens
    expect((await getAuth(get("/", cookie)))?.token).toBe(auth.token);
  });

  it("treats a session whose key left the list as signed out (no error page)", async () => {
    useKeys(KEY_A);
    const cookie = await signIn();
    useKeys(KEY_B);
    expect(await getAuth(get("/", cookie))).toBeNull();
  });

  it("still reads a plain token written before encryption at rest, and seals it on the next write", async () => {
    const { token, companyId, userId } = await (async () => {
      const r = await up.login(upstream(null), { username: "admin", password: "admin123" });
      if (!r.ok) throw new Error("sign-in failed");
      return { token: r.token, companyId: r.user.companyid, userId: r.user.username_id };
    })();
    const cookie = await signIn();
    const row = await prisma.session.findFirstOrThrow({
      where: { userId },
      orderBy: { createdAt: "desc" },
    });
    await prisma.session.update({
      where: { id: row.id },
      data: { data: { ...(row.data as object), token } },
    });
    const auth = (await getAuth(get("/", cookie)))!;
    expect(auth.token).toBe(token);
    expect(await tokenForCompany(companyId, Date.now(), userId)).toBeTruthy();
    await updateSessionUser(get("/", cookie), auth.user);
    const stored = (
      (await prisma.session.findUniqueOrThrow({ where: { id: row.id } })).data as { token: string }
    ).token;
    expect(stored).not.toBe(token);
    expect(open(stored, "session-token")).toBe(token);
  });
});

describe("the secret box", () => {
  it("binds a value to its purpose and refuses an altered one", () => {
    useKeys(KEY_A);
    const sealed = seal("hello", "session-token");
    expect(open(sealed, "session-token")).toBe("hello");
    expect(() => open(sealed, "webhook-secret")).toThrow(SecretBoxError);
    const body = sealed.split(":")[3]!;
    const altered = sealed.replace(body, (body[0] === "A" ? "B" : "A") + body.slice(1));
    expect(() => open(altered, "session-token")).toThrow(SecretBoxError);
    expect(seal("hello", "session-token")).not.toBe(sealed); // a fresh IV every time
  });

  it("is required in production, and every key of the list must be 32+ characters", () => {
    const base = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) };
    expect(() => parseEnv(base)).toThrow(/ENCRYPTION_KEY is required in production/);
    expect(() => parseEnv({ ...base, ENCRYPTION_KEY: `${KEY_A},short` })).toThrow(
      /ENCRYPTION_KEY must be a comma-separated list/,
    );
    expect(parseEnv({ ...base, ENCRYPTION_KEY: `${KEY_B}, ${KEY_A}` }).ENCRYPTION_KEY).toBeTruthy();
  });
});

describe("webhook signing secrets", () => {
  it("stores the secret sealed: the column is not the secret; an empty edit keeps it, a new one replaces it", async () => {
    useKeys(KEY_A);
    const owner = { userId: 1001, companyId: 1 };
    const input = {
      name: "Hook",
      kinds: ["overspeed"],
      imeis: [],
      groupIds: [],
      channels: ["webhook"],
      webhookUrl: "https://hooks.example/x",
      webhookSecret: "0123456789abcdef-secret",
      timeZone: "UTC",
      enabled: true,
    } as unknown as Parameters<typeof createRule>[1];
    const { id } = await createRule(owner, input);
    const stored = (await prisma.alertRule.findUniqueOrThrow({ where: { id } })).webhookSecret!;
    expect(stored).not.toBe("0123456789abcdef-secret");
    expect(stored).not.toContain("0123456789abcdef");
    expect(open(stored, "webhook-secret")).toBe("0123456789abcdef-secret");

    await updateRule(owner, id, { ...input, webhookSecret: undefined });
    const kept = (await prisma.alertRule.findUniqueOrThrow({ where: { id } })).webhookSecret!;
    expect(kept).toBe(stored);
    await updateRule(owner, id, { ...input, webhookSecret: "another-secret-value" });
    const replaced = (await prisma.alertRule.findUniqueOrThrow({ where: { id } })).webhookSecret!;
    expect(replaced).not.toContain("another-secret");
    expect(open(replaced, "webhook-secret")).toBe("another-secret-value");
  });
});
