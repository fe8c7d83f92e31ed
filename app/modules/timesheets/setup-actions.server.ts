/**
 * The actions of a payroll set-up list page (allowances, payroll groups): create and update from
 * one form, delete after a confirming second post. A refusal keeps what was typed (400 for the
 * form, 409 for the upstream) and a success goes back to the page with a toast.
 */
import { json } from "@remix-run/node";
import { redirectWithToast } from "~/services/toast.server";
import type { Saved } from "./payroll-setup.server";

export type SetupActionData<V> = { message?: string; values?: V; confirmFor?: number };

/** The form's values as typed: one text per field. */
export const typedValues = (f: FormData) =>
  Object.fromEntries([...f.entries()].map(([k, v]) => [k, String(v)]));

/** The form's values as typed, keeping every value of a field sent more than once. */
export function typedValueLists(f: FormData) {
  const values: Record<string, string[]> = {};
  for (const [k, v] of f.entries()) (values[k] ??= []).push(String(v));
  return values;
}

const idOf = (f: FormData) => {
  const id = Number(f.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

/** The `create`, `update` and `delete` intents for switchIntent. */
export function setupActions<I, V>(
  page: string,
  o: {
    input: (f: FormData) => I | string;
    values: (f: FormData) => V;
    save: (id: number | null, input: I) => Promise<Saved>;
    remove: (id: number) => Promise<Saved>;
  },
) {
  type Data = SetupActionData<V>;
  const save = async (f: FormData, id: number | null) => {
    const values = o.values(f);
    const input = o.input(f);
    if (typeof input === "string") return json<Data>({ message: input, values }, { status: 400 });
    const r = await o.save(id, input);
    if (!r.ok) return json<Data>({ message: r.message, values }, { status: 409 });
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
