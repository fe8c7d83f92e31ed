/**
 * The forms module's server face for other modules. Tickets (issue 25) can turn a failed
 * inspection answer into a ticket: `flaggedAnswers(submission, version)` lists what a submission's
 * own version flags (e.g. brakes = Fail), with the vehicle it was about; `submissionWithFlags`
 * reads one submission of the caller's company (404 otherwise) with those flags.
 */
import type { ModuleContext } from "~/services/guard.server";
import { flaggedAnswers as flagsOf, type Flag } from "./fields/answers";
import { toField, type Answers } from "./fields/model";
import { submissionPage } from "./submissions.server";
import type { UpstreamSubmission, UpstreamVersion } from "./upstream.server";

export type { Flag } from "./fields/answers";
export type { Answers, Field } from "./fields/model";

/** The flagged answers of a submission, read with the version it answered. */
export function flaggedAnswers(
  submission: Pick<UpstreamSubmission, "answers">,
  version: Pick<UpstreamVersion, "fields">,
): Flag[] {
  return flagsOf(version.fields.map(toField), submission.answers as Answers);
}

/** One submission of the company with its flags and vehicle (imei), for a ticket to link to. */
export async function submissionWithFlags(ctx: ModuleContext, id: string) {
  const page = await submissionPage(ctx, id);
  return {
    id: page.row.id,
    formId: page.row.formId,
    title: page.row.title,
    version: page.row.version,
    vehicle: page.row.vehicle,
    person: page.row.person,
    flags: page.flags,
    href: `/forms/completed/${page.row.id}`,
  };
}
