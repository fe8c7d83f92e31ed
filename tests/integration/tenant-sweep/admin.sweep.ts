import { listJobCodes } from "~/modules/admin/jobcodes-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/** Company administration: company 2's job codes, edited, changed, deleted or switched by company 1. */
export default defineSweep({
  seed: async ({ upB }) => ({ jobCodeB: (await listJobCodes(upB))[0]!.id }),
  cases: ({ jobCodeB }) => [
    { file: "_shell.admin.jobcodes.tsx", method: "GET", url: `/admin/jobcodes?edit=${jobCodeB}` },
    ...["update", "delete", "deactivate", "activate"].map((intent): SweepCase => ({
      file: "_shell.admin.jobcodes.tsx",
      method: "POST",
      url: "/admin/jobcodes",
      body: { intent, id: String(jobCodeB), code: "MINE-1", name: "Mine", confirm: "yes" },
    })),
  ],
  own: ({ jobCodeB }) => [`/admin/jobcodes?edit=${jobCodeB}`],
  snapshot: async ({ upB }) => listJobCodes(upB),
});
