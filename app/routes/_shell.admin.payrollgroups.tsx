import { Grid, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SetupTable } from "~/modules/timesheets/components/setup-table";
import { PayrollGroupForm } from "~/modules/timesheets/components/payroll-group-form";
import {
  payrollGroupInput,
  payrollGroupsPage,
  removePayrollGroup,
  savePayrollGroup,
} from "~/modules/timesheets/payroll-setup.server";
import { setupActions } from "~/modules/timesheets/setup-actions.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Payroll groups · Tracksmith" }];
const PAGE = "/admin/payrollgroups";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await payrollGroupsPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(
    await request.formData(),
    setupActions(PAGE, {
      input: payrollGroupInput,
      save: (id, input) => savePayrollGroup(ctx, id, input),
      remove: (id) => removePayrollGroup(ctx, id),
    }),
  );
}

/** Payroll groups (SPEC §2.8 payrollgroups): pay period, overtime rules, members and allowances. */
export default function PayrollGroups() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Payroll groups
        </Title>
        <Text c="dimmed" size="sm">
          People paid on the same schedule under the same overtime rules. A person belongs to one
          group at most.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <SetupTable
            rows={d.groups}
            caption="Payroll groups of the company"
            testId="payrollgroups"
            minWidth={620}
            headers={["Pay period", "Overtime rules", "Members"]}
            cells={(g) => [g.pay_period, g.presetName, g.memberNames.join(", ") || "—"]}
            empty="No payroll groups yet."
            confirmFor={act?.confirmFor}
            busy={busy}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PayrollGroupForm
            editing={d.editing}
            people={d.people}
            allowances={d.allowances}
            presets={d.presets}
            result={act?.result}
            message={act?.message}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
