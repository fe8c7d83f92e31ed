import { Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { parseForm } from "~/lib/parse-form";
import { temperatureUnitFor } from "~/modules/concrete/curing";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { LimitFormCard } from "~/modules/concrete/components/limit-form";
import { invalid, refused } from "~/modules/concrete/form-result.server";
import { limitOf, limitValues, saveLimit } from "~/modules/concrete/limits.server";
import { LimitFormSchema } from "~/modules/concrete/pour-forms";
import { idParam } from "~/modules/concrete/pours.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { measurementOf } from "~/services/measurement.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Limit set · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const unit = temperatureUnitFor(measurementOf(request));
  const limit = await limitOf(ctx, idParam(params.id));
  return json({ unit, name: limit.name, values: limitValues(limit, unit), can: ctx.can });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const unit = temperatureUnitFor(measurementOf(request));
  return switchIntent(await request.formData(), {
    save: async (form) => {
      const id = idParam(params.id);
      await limitOf(ctx, id);
      const s = parseForm(form, LimitFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await saveLimit(ctx, id, s.value, unit);
      if (!r.ok) return refused(form, { form: r.message });
      return redirectWithToast("/concrete/mass-concrete-limits", {
        type: "success",
        description: `${r.limit.name} saved.`,
      });
    },
  });
}

/** Edit a mass-concrete limit set (concrete/mass-concrete-limit/{id}). */
export default function EditLimit() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  return (
    <Stack gap="md">
      <PageHead title={`Edit ${d.name}`} />
      <LimitFormCard
        editing
        values={d.values}
        unit={d.unit}
        reply={reply}
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
