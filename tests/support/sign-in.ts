import { action as loginAction } from "~/routes/login";
import { call, cookieFrom, formPost } from "./remix";

const cookies = new Map<string, string>();

/**
 * A demo user's session cookie, signed in through the real login action once per test file
 * (each file has its own database, so a cookie never outlives its session).
 */
export async function sessionCookie(username: string, password: string): Promise<string> {
  if (!cookies.has(username)) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    if (res.status !== 302) throw new Error(`sign-in as ${username} answered ${res.status}`);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}
