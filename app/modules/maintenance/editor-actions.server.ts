/**
 * The save of a maintenance list-and-editor page (task templates, task groups): the posted form
 * checked against its schema, then written; a refusal answers 400 with Conform's reply (and the
 * upstream's message), a success reopens the saved item with a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { parseForm } from "~/lib/parse-form";
import { redirectWithToast } from "~/services/toast.server";
import type { WriteResult } from "./maintenance.server";

/** A refused save: Conform's reply for the fields, and the upstream's message if it refused. */
export type EditorReply = { result: SubmissionResult<string[]>; message: string | null };

export async function saveEditorForm<S extends ZodTypeAny>(
  f: FormData,
  schema: S,
  o: {
    page: string;
    save: (value: z.infer<S>) => Promise<WriteResult<{ id: number }>>;
    /** The toast after a save. */
    said: string;
  },
) {
  const submission = parseForm(f, schema);
  if (submission.status !== "success")
    return json<EditorReply>({ result: submission.reply(), message: null }, { status: 400 });
  const r = await o.save(submission.value);
  if (!r.ok)
    return json<EditorReply>({ result: submission.reply(), message: r.message }, { status: 400 });
  return redirectWithToast(`${o.page}?edit=${r.value.id}`, {
    type: "success",
    description: o.said,
  });
}
