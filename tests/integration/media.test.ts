import { beforeAll, describe, expect, it } from "vitest";
import { mediaUrl } from "~/lib/media";
import { action as loginAction } from "~/routes/login";
import { loader as mediaLoader } from "~/routes/media.$";
import { getAuth } from "~/services/auth.server";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { useSimulator } from "../support/upstream";

let cookie = "";
beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  cookie = cookieFrom(
    await call(loginAction, formPost("/login", { username: "admin", password: "admin123" })),
  );
});

describe("the /media proxy", () => {
  it("serves the user's upstream photo as an image, with a sandboxing CSP", async () => {
    const user = (await getAuth(get("/", cookie)))!.user;
    const url = mediaUrl(user.avatar ?? user.photo);
    expect(url).toMatch(/^\/media\/photos\//);
    const res = await call(mediaLoader, get(url!, cookie), {
      params: { "*": url!.slice("/media/".length) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\//);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("refuses without a session, outside the image folders, and path tricks", async () => {
    expect(
      (
        await call(mediaLoader, get("/media/photos/users/1.svg"), {
          params: { "*": "photos/users/1.svg" },
        })
      ).status,
    ).toBe(401);
    for (const p of [
      "auth/login",
      "photos/../user/profile.svg",
      "__sim/faults.svg",
      "photos/x.html",
    ]) {
      expect(
        (await call(mediaLoader, get(`/media/${p}`, cookie), { params: { "*": p } })).status,
        p,
      ).toBe(404);
    }
  });

  it("maps only safe sources", () => {
    expect(mediaUrl("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
    expect(mediaUrl("//evil.example/a.png")).toBeUndefined();
    expect(mediaUrl("javascript:alert(1)")).toBeUndefined();
    expect(mediaUrl(null)).toBeUndefined();
  });
});
