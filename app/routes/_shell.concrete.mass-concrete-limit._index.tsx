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
import { limitValues, openPours, saveLimit } from "~/modules/concrete/limits.server";
import { LimitFormSchema } from "~/modules/concrete/pour-forms";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { measurementOf } from "~/services/measurement.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "New limit set · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const unit = temperatureUnitFor(measurementOf(request));
  return json({
    unit,
    values: limitValues(null, unit),
    pours: await openPours(ctx),
    can: ctx.can,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const unit = temperatureUnitFor(measurementOf(request));
  return switchIntent(await request.formData(), {
    save: async (form) => {
      const s = parseForm(form, LimitFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await saveLimit(ctx, null, s.value, unit);
      if (!r.ok) return refused(form, { form: r.message });
      return redirectWithToast("/concrete/mass-concrete-limits", {
        type: "success",
        description: `${r.limit.name} created.`,
      });
    },
  });
}

/** A new mass-concrete limit set (concrete/mass-concrete-limit). */
export default function NewLimit() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  return (
    <Stack gap="md">
      <PageHead title="New limit set">
        Limits a pour's temperatures are checked against; the defaults are ACI 301's for mass
        concrete.
      </PageHead>
      <RequiresPermission allowed={d.can.save} rule={CAN.manageConcrete} what="Adding a limit set">
        <LimitFormCard
          editing={false}
          values={d.values}
          unit={d.unit}
          reply={reply}
          pours={d.pours}
        />
      </RequiresPermission>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
