/** Contract test of the job code calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import {
  createJobCode,
  deleteJobCode,
  listJobCodes,
  updateJobCode,
  type JobCodeInput,
} from "./jobcodes-upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");

const input: JobCodeInput = {
  code: "HIRE-1",
  name: "Plant hire",
  description: "Time on hired plant",
  active: true,
  effective_from: "2026-01-01",
  effective_to: null,
};

describe("job codes", () => {
  it("lists the company's codes in code order, with how many entries use each", async () => {
    const codes = await listJobCodes(await admin());
    expect(codes.map((c) => c.code)).toEqual([...codes.map((c) => c.code)].sort());
    expect(codes.find((c) => c.code === "DRV-100")).toMatchObject({ active: true, in_use: 118 });
    expect(codes.map((c) => c.code)).not.toContain("CX-1");
  });

  it("creates (code upper-cased), edits and deletes an unused code; a duplicate code is a 409", async () => {
    const api = await admin();
    const made = await createJobCode(api, { ...input, code: "hire-1" });
    expect(made).toMatchObject({ code: "HIRE-1", in_use: 0, effective_from: "2026-01-01" });
    expect((await rejection(createJobCode(api, input))).status).toBe(409);
    const edited = await updateJobCode(api, made.id, {
      ...input,
      name: "Hired plant",
      active: false,
    });
    expect(edited).toMatchObject({ name: "Hired plant", active: false });
    await deleteJobCode(api, made.id);
    expect((await listJobCodes(api)).map((c) => c.id)).not.toContain(made.id);
  });

  it("a code in use cannot be deleted (409 with the count), only made inactive", async () => {
    const api = await admin();
    const used = (await listJobCodes(api)).find((c) => c.code === "GEN-001")!;
    const e = await rejection(deleteJobCode(api, used.id));
    expect(e.status).toBe(409);
    expect(e.message).toBe("GEN-001 is used by 42 timesheet entries: make it inactive instead");
  });

  it("refuses bad input (400) and another company's id (404)", async () => {
    const api = await admin();
    expect((await rejection(createJobCode(api, { ...input, code: "no spaces" }))).status).toBe(400);
    expect(
      (await rejection(createJobCode(api, { ...input, code: "X-2", effective_to: "2025-01-01" })))
        .status,
    ).toBe(400);
    const theirs = (await listJobCodes(await other()))[0]!;
    expect((await rejection(updateJobCode(api, theirs.id, input))).status).toBe(404);
    expect((await rejection(deleteJobCode(api, theirs.id))).status).toBe(404);
  });
});
