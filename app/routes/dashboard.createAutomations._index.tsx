import { Anchor, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useActionResult } from "~/lib/action-result";
import { EMPTY_DRAFT } from "~/modules/operations/automations/automation-form";
import { builderChoices } from "~/modules/operations/automations/automations.server";
import { builderAction } from "~/modules/operations/automations/builder-action.server";
import { AutomationBuilder } from "~/modules/operations/components/automation-builder";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Create Automation · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return json({ choices: await builderChoices(ctx), canManage: ctx.can["*"] ?? false });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return builderAction(ctx, null, await request.formData());
}

/** Create Automation (SPEC §2.3, feature automation): the builder for a new rule. */
export default function CreateAutomation() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          Create an automation
        </Title>
        <Text c="dimmed" size="sm">
          When the trigger happens and every condition holds, the actions run.{" "}
          <Anchor component={Link} to="/dashboard/automations">
            All automations
          </Anchor>
        </Text>
      </div>
      {data.canManage ? (
        <AutomationBuilder
          draft={act?.draft ?? EMPTY_DRAFT}
          choices={data.choices}
          result={act?.result}
          message={act?.message}
          formKey={act?.key ?? "new"}
        />
      ) : (
        <Text>You may look at automations, but not create them.</Text>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
