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
import { pourFormPage, savePour } from "~/modules/concrete/pours.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "New pour · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ ...(await pourFormPage(ctx, null)), can: ctx.can });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    save: async (form) => {
      const s = parseForm(form, PourFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await savePour(ctx, null, s.value);
      if (!r.ok) return refused(form, { form: r.message });
      return redirectWithToast(`/concrete/pour-device-link/${r.pour.id}`, {
        type: "success",
        description: `${r.pour.element} created: now link its sensors.`,
      });
    },
  });
}

/** A new pour (concrete/pour). */
export default function NewPour() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  return (
    <Stack gap="md">
      <PageHead title="New pour">
        The element, where and when it was placed, its mix (for the strength curve) and the limit
        sets its temperatures are checked against.
      </PageHead>
      <RequiresPermission allowed={d.can.save} rule={CAN.manageConcrete} what="Adding a pour">
        <PourFormCard editing={null} reply={reply} {...d} />
      </RequiresPermission>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
