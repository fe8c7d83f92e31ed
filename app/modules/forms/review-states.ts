/**
 * The review of a submitted form as a state machine (issue 38.3), like leave and timesheets:
 * a form waiting for review is approved or sent back; one sent back may still be approved as it
 * stands (its corrections come in as a new submission); approved is final. Nobody reviews a form
 * they sent in themselves.
 */
import type { SubmissionStatus } from "./upstream.server";

export type ReviewDecision = "approved" | "sent_back";

const MOVES: Record<SubmissionStatus, readonly ReviewDecision[]> = {
  submitted: ["approved", "sent_back"],
  sent_back: ["approved"],
  approved: [],
};

const REFUSED: Record<SubmissionStatus, string> = {
  submitted: "",
  sent_back:
    "This form has already been sent back. It can still be approved as it stands; the corrected form comes in as a new submission.",
  approved:
    "This form is already approved. An approved form is final: it cannot be approved again or sent back.",
};

export const OWN_SUBMISSION_MESSAGE =
  "You sent this form in yourself, so someone else must review it.";

/** What a reviewer may still do with a submission (nothing for their own). */
export function reviewMoves(
  submission: { status: SubmissionStatus; personId: number | null },
  reviewerId: number,
): readonly ReviewDecision[] {
  return submission.personId === reviewerId ? [] : MOVES[submission.status];
}

/** Why this decision is refused, or null when it is a legal move. */
export function reviewRefusal(
  submission: { status: SubmissionStatus; personId: number | null },
  decision: ReviewDecision,
  reviewerId: number,
): string | null {
  if (submission.personId === reviewerId) return OWN_SUBMISSION_MESSAGE;
  return MOVES[submission.status].includes(decision) ? null : REFUSED[submission.status];
}
