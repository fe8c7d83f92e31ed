import { Group, Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { parseForm } from "~/lib/parse-form";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { RuleFormCard } from "~/modules/concrete/components/rule-form";
import { invalid, refused } from "~/modules/concrete/form-result.server";
import { removeRule, ruleFormPage, saveRule } from "~/modules/concrete/limits.server";
import { RuleFormSchema } from "~/modules/concrete/pour-forms";
import { idParam } from "~/modules/concrete/pours.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Limit rule · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const page = await ruleFormPage(ctx, idParam(params.mass_concrete_limit_id));
  return json({ ...page, can: ctx.can });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  // The intent first: an unknown one is a 400 whatever the id.
  const page = async () => {
    const limitId = idParam(params.mass_concrete_limit_id);
    return { limitId, ...(await ruleFormPage(ctx, limitId)) };
  };
  return switchIntent(await request.formData(), {
    save: async (form) => {
      const { limitId, rule } = await page();
      form.set("limit_id", String(limitId));
      const s = parseForm(form, RuleFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await saveRule(ctx, rule ? limitId : null, s.value);
      if (!r.ok) return refused(form, { form: r.message });
      return redirectWithToast("/concrete/rules", { type: "success", description: "Rule saved." });
    },
    delete: async (form) => {
      const { limitId, rule } = await page();
      if (!rule) throw new Response("Not found", { status: 404 });
      if (form.get("confirm") !== "yes") return json({ errors: {}, values: {}, confirming: true });
      await removeRule(ctx, limitId);
      return redirectWithToast("/concrete/rules", {
        type: "success",
        description: "Rule deleted.",
      });
    },
  });
}

/** The rule of one limit set (concrete/rule/{mass_concrete_limit_id}). */
export default function EditRule() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHead title={`Rule for ${d.limit?.name ?? "limit set"}`}>
          Who is told when a pour breaches this limit set, how, and after how long.
        </PageHead>
        {d.rule && d.can.delete ? (
          <ConfirmForm
            fields={{ intent: "delete" }}
            confirming={reply?.confirming === true}
            label="Delete rule"
            question="Delete this rule?"
            confirmLabel="Yes, delete"
            busy={busy}
          />
        ) : null}
      </Group>
      <RuleFormCard
        {...d}
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
