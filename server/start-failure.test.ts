import { describe, expect, it } from "vitest";
import { startFailureText } from "./start-failure";

describe("the line npm start prints when it cannot start", () => {
  it("never says 'undefined': a bare rejection, or an error without a message, still says something", () => {
    expect(startFailureText(new Error("DATABASE_URL is bad"))).toBe("DATABASE_URL is bad");
    expect(startFailureText(undefined)).toMatch(/failed without giving a reason/);
    const coded = Object.assign(new TypeError(""), { code: "ERR_X" });
    expect(startFailureText(coded)).toMatch(/^TypeError, code ERR_X, at .*start-failure\.test\.ts/);
    expect(startFailureText("plain")).toBe("plain");
  });
});
