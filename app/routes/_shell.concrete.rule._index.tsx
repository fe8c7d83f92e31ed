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
import { RuleFormCard } from "~/modules/concrete/components/rule-form";
import { invalid, refused } from "~/modules/concrete/form-result.server";
import { ruleFormPage, saveRule } from "~/modules/concrete/limits.server";
import { RuleFormSchema } from "~/modules/concrete/pour-forms";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "New limit rule · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ ...(await ruleFormPage(ctx, null)), can: ctx.can });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    save: async (form) => {
      const s = parseForm(form, RuleFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await saveRule(ctx, null, s.value);
      if (!r.ok) return refused(form, { form: r.message });
      return redirectWithToast("/concrete/rules", {
        type: "success",
        description: "Rule created.",
      });
    },
  });
}

/** A new rule for a limit set (concrete/rule). */
export default function NewRule() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  return (
    <Stack gap="md">
      <PageHead title="New limit rule">
        Who is told when a pour breaches a limit set, how, and after how long.
      </PageHead>
      <RequiresPermission allowed={d.can.save} rule={CAN.manageConcrete} what="Adding a rule">
        <RuleFormCard {...d} reply={reply} />
      </RequiresPermission>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
