import { describe, expect, it } from "vitest";
import { isValidAbn, SupplierSchema, taxIdProblem } from "./supplier-form";

describe("tax ids", () => {
  it("accepts real ABNs, with or without spaces, and refuses a changed digit", () => {
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn("99074126971")).toBe(true);
    expect(isValidAbn("51 824 753 557")).toBe(false);
    expect(isValidAbn("5182475355")).toBe(false);
  });
  it("says why a tax id is refused; empty and foreign numbers pass", () => {
    expect(taxIdProblem("")).toBeNull();
    expect(taxIdProblem("GB123456789")).toBeNull();
    expect(taxIdProblem("12 345 678 901")).toBe("This ABN is not valid");
    expect(taxIdProblem("!!")).toMatch(/Enter an ABN/);
  });
  it("the form drops nothing and checks contacts' emails", () => {
    const ok = SupplierSchema.safeParse({
      name: " Coates ",
      kind: "plant_hire",
      contacts: [{ name: "Jo", phone: "1", email: "jo@x.example" }],
    });
    expect(ok.success && ok.data.name).toBe("Coates");
    const bad = SupplierSchema.safeParse({
      name: "C",
      kind: "plant_hire",
      contacts: [{ email: "nope" }],
    });
    expect(bad.success).toBe(false);
  });
});
