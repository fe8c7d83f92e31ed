import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { getToast, redirectWithToast } from "./toast.server";

const APP = "http://localhost:3000";
const cookiePairs = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]);

async function rootData(cookie: string) {
  const res = await rootLoader({
    request: new Request(`${APP}/dashboard`, { headers: { cookie } }),
    params: {},
    context: { clientAddress: "203.0.113.1" },
  });
  return { res, data: (await res.json()) as { toast: { description: string } | null } };
}

describe("toast flash", () => {
  it("an action's redirect carries the toast; the next load shows it once, then never again", async () => {
    const res = await redirectWithToast(
      "/dashboard/account",
      { type: "success", description: "Your profile has been saved." },
      { headers: { "Set-Cookie": "tracksmith_session=abc; Path=/" } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/account");
    const [session, toast] = cookiePairs(res);
    // The caller's cookie stays first, where the session code and tests look for it.
    expect(session).toBe("tracksmith_session=abc");
    expect(toast).toMatch(/^tracksmith_toast=/);

    const first = await rootData(`${session}; ${toast}`);
    expect(first.data.toast).toMatchObject({
      type: "success",
      description: "Your profile has been saved.",
    });
    const cleared = cookiePairs(first.res)[0];
    expect(cleared).toBe("tracksmith_toast=");
    expect(first.res.headers.get("set-cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);

    // The browser drops the cleared cookie; a reload then has no toast.
    const second = await rootData(session);
    expect(second.data.toast).toBeNull();
    expect(second.res.headers.get("set-cookie")).toBeNull();
  });

  it("a forged or tampered toast cookie shows nothing and is cleared", async () => {
    const res = await redirectWithToast("/", { type: "error", description: "Real" });
    const [pair] = cookiePairs(res);
    const tampered = pair.replace(/=(.)/, (_, c: string) => `=${c === "e" ? "f" : "e"}`);
    const { toast, setCookie } = await getToast(
      new Request(APP, { headers: { cookie: tampered } }),
    );
    expect(toast).toBeNull();
    expect(setCookie).toMatch(/^tracksmith_toast=;/);
    const forged = await getToast(
      new Request(APP, { headers: { cookie: "tracksmith_toast=eyJ0b2FzdCI6MX0%3D" } }),
    );
    expect(forged.toast).toBeNull();
  });
});
