/** The mix design page (new and edit share it): loader and action behind the two route files. */
import { json } from "@remix-run/node";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { fieldsOf, type Fields } from "./mix-form";
import { mixDesignPage, removeMixDesign, saveMixDesign } from "./mix.server";

export type MixDesignActionData = {
  values?: Fields;
  errors?: Fields;
  confirmDelete?: boolean;
  refused?: string;
};

export function mixIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
}

/** `param` is the route's `$id` (undefined on the new-mix page); the guard runs before it is read. */
export async function mixDesignLoader(request: Request, param: string | undefined | null) {
  const ctx = await requireModule(request, "concrete");
  const id = param === null ? null : mixIdOf(param);
  const page = await mixDesignPage(ctx, id);
  if (id !== null && !page.mix) throw new Response("Not found", { status: 404 });
  return json({ ...page, can: ctx.can });
}

export async function mixDesignAction(request: Request, param: string | undefined | null) {
  const ctx = await requireModule(request, "concrete");
  // The id is read by the handlers: a post with an unknown intent is a 400 whatever the path says.
  const idNow = () => (param === null ? null : mixIdOf(param));
  const save = async (form: FormData) => {
    const id = idNow();
    const values = fieldsOf(form);
    const r = await saveMixDesign(ctx, id, values);
    if (!r.ok) return json<MixDesignActionData>({ values, errors: r.errors }, { status: 400 });
    return redirectWithToast(`/concrete/mix-design/${r.row.id}`, {
      type: "success",
      description: `${r.row.name} saved.`,
    });
  };
  const handlers: Record<string, (form: FormData) => Promise<Response>> =
    param === null
      ? { create: save }
      : {
          update: save,
          delete: async (form) => {
            const id = mixIdOf(param);
            if (form.get("confirm") !== "yes")
              return json<MixDesignActionData>({ confirmDelete: true });
            const r = await removeMixDesign(ctx, id);
            if (!r.ok)
              return json<MixDesignActionData>(
                { refused: r.errors.form ?? "Not deleted" },
                { status: 409 },
              );
            return redirectWithToast("/concrete/mix-designs", {
              type: "success",
              description: "Mix design deleted.",
            });
          },
        };
  return switchIntent(await request.formData(), handlers);
}
