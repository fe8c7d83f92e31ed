/**
 * The actions of a payroll set-up list page (allowances, payroll groups): create and update from
 * one form, delete after a confirming second post. A refusal keeps what was typed (400 for the
 * form, 409 for the upstream) and a success goes back to the page with a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { parseFormBy } from "~/lib/parse-form";
import { redirectWithToast } from "~/services/toast.server";
import type { Saved } from "./payroll-setup.server";

/**
 * A refused save carries Conform's reply (its message as the form's error, what was typed kept);
 * a refused delete, the upstream's message; a first delete post, the row to confirm.
 */
export type SetupActionData = {
  result?: SubmissionResult<string[]>;
  message?: string;
  confirmFor?: number;
};

const idOf = (f: FormData) => {
  const id = Number(f.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

/** The `create`, `update` and `delete` intents for switchIntent. */
export function setupActions<I extends object>(
  page: string,
  o: {
    input: (f: FormData) => I | string;
    save: (id: number | null, input: I) => Promise<Saved>;
    remove: (id: number) => Promise<Saved>;
  },
) {
  type Data = SetupActionData;
  const save = async (f: FormData, id: number | null) => {
    const submission = parseFormBy(f, o.input);
    if (submission.status !== "success")
      return json<Data>({ result: submission.reply() }, { status: 400 });
    const r = await o.save(id, submission.value);
    if (!r.ok)
      return json<Data>({ result: submission.reply({ formErrors: [r.message] }) }, { status: 409 });
    return redirectWithToast(page, { type: "success", description: r.message });
  };
  return {
    create: (f: FormData) => save(f, null),
    update: (f: FormData) => save(f, idOf(f)),
    delete: async (f: FormData) => {
      const id = idOf(f);
      if (f.get("confirm") !== "yes") return json<Data>({ confirmFor: id });
      const r = await o.remove(id);
      if (!r.ok) return json<Data>({ message: r.message }, { status: 409 });
      return redirectWithToast(page, { type: "success", description: r.message });
    },
  };
}
