import { Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { parseForm } from "~/lib/parse-form";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { PourFormCard } from "~/modules/concrete/components/pour-form";
import { invalid, refused } from "~/modules/concrete/form-result.server";
import { PourFormSchema } from "~/modules/concrete/pour-forms";
import { idParam, pourOf, pourFormPage, savePour } from "~/modules/concrete/pours.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Edit pour · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ ...(await pourFormPage(ctx, idParam(params.id))), can: ctx.can });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    save: async (form) => {
      const id = idParam(params.id);
      // Another company's pour is a 404 before the form is even read.
      await pourOf(ctx, id);
      const s = parseForm(form, PourFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await savePour(ctx, id, s.value);
      if (!r.ok) return refused(form, { form: r.message });
      return redirectWithToast(`/concrete/view-pour/${id}`, {
        type: "success",
        description: `${r.pour.element} saved.`,
      });
    },
  });
}

/** Edit a pour (concrete/pour/{id}). */
export default function EditPour() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  return (
    <Stack gap="md">
      <PageHead title={`Edit ${d.pour?.element ?? "pour"}`} />
      <PourFormCard
        editing={d.pour}
        reply={reply}
        {...d}
        readOnly={
          d.can.save ? undefined : (
            <RequiresPermission allowed={false} rule={CAN.manageConcrete} what="Changing it" />
          )
        }
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
