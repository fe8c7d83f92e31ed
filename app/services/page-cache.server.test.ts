import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { cachedPage, forgetPages, keepPage, reusablePageKey } from "./page-cache.server";

const context = (loaderData: object, extra: object = {}) =>
  ({
    staticHandlerContext: { loaderData, actionData: null, errors: null, ...extra },
  }) as never as EntryContext;
const get = (headers: Record<string, string> = {}) =>
  new Request("http://app.test/login?redirectTo=%2Fdashboard", { headers });

afterEach(forgetPages);

const keyOf = (...args: Parameters<typeof reusablePageKey>) =>
  reusablePageKey(...args)?.key ?? null;

describe("the rendered-page cache", () => {
  it("keeps only a GET answered 200 with no action data, errors or deferred data", () => {
    const data = context({ root: { locale: "en-AU" } });
    expect(keyOf(get(), 200, data)).toEqual(expect.any(String));
    expect(keyOf(get(), 404, data)).toBeNull();
    const post = new Request("http://app.test/login", { method: "POST" });
    expect(keyOf(post, 200, data)).toBeNull();
    expect(keyOf(get(), 200, context({}, { errors: { root: "x" } }))).toBeNull();
    expect(keyOf(get(), 200, context({}, { actionData: { r: 1 } }))).toBeNull();
    expect(keyOf(get(), 200, context({ r: {} }, { activeDeferreds: { r: {} } }))).toBeNull();
  });

  it("keys by the address and the loader data: another user or locale is another page", () => {
    const a = keyOf(get(), 200, context({ root: { locale: "en-AU" } }));
    expect(keyOf(get(), 200, context({ root: { locale: "de" } }))).not.toBe(a);
    expect(keyOf(get(), 200, context({ root: { locale: "en-AU" } }))).toBe(a);
    const other = new Request("http://app.test/login?redirectTo=%2Fother");
    expect(keyOf(other, 200, context({ root: { locale: "en-AU" } }))).not.toBe(a);
    const user = (name: string) => context({ "routes/dashboard": { user: { name } } });
    const signedIn = get({ cookie: "ts_session=x" });
    expect(keyOf(signedIn, 200, user("Alex"))).not.toBe(keyOf(signedIn, 200, user("Sam")));
  });

  it("keeps a signed-in page for 10 s, a sign-in page for a minute", () => {
    const data = context({ root: {} });
    expect(reusablePageKey(get({ cookie: "ts_session=x" }), 200, data)?.ttlMs).toBe(10_000);
    expect(reusablePageKey(get(), 200, data)?.ttlMs).toBe(60_000);
    const nonce = "MTIzNDU2Nzg5MDEyMzQ1Ng==";
    keepPage("s", "<p>s</p>", nonce, 0, 10_000);
    expect(cachedPage("s", nonce, 9_000)).toBe("<p>s</p>");
    expect(cachedPage("s", nonce, 11_000)).toBeNull();
  });

  it("answers with the new nonce everywhere the old one was", () => {
    const old = "b2xkLW5vbmNlLTEyMzQ1Ng==";
    keepPage("k", `<script nonce="${old}"></script><style nonce="${old}"></style>`, old);
    const html = cachedPage("k", "bmV3LW5vbmNlLTY1NDMyMQ==")!;
    expect(html).not.toContain(old);
    expect(html.match(/bmV3LW5vbmNlLTY1NDMyMQ==/g)).toHaveLength(2);
  });

  it("forgets a page after a minute, and the oldest beyond 48 MB", () => {
    const nonce = "MTIzNDU2Nzg5MDEyMzQ1Ng==";
    keepPage("k", "<p>x</p>", nonce, 0);
    expect(cachedPage("k", nonce, 59_000)).toBe("<p>x</p>");
    expect(cachedPage("k", nonce, 61_000)).toBeNull();
    const big = "x".repeat(1024 * 1024);
    for (let i = 0; i < 49; i++) keepPage(`p${i}`, big, nonce, 100_000);
    expect(cachedPage("p0", nonce, 100_000)).toBeNull();
    expect(cachedPage("p1", nonce, 100_000)).toBe(big);
    expect(cachedPage("p48", nonce, 100_000)).toBe(big);
  });

  it("keeps nothing rendered with a nonce too short to swap safely", () => {
    keepPage("k", `<script nonce="ab"></script>`, "ab");
    expect(cachedPage("k", "MTIzNDU2Nzg5MDEyMzQ1Ng==")).toBeNull();
  });
});
