import { Anchor, Grid, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PayrollGroupForm } from "~/modules/timesheets/components/payroll-group-form";
import {
  payrollGroupInput,
  payrollGroupsPage,
  removePayrollGroup,
  savePayrollGroup,
} from "~/modules/timesheets/payroll-setup.server";
import {
  setupActions,
  typedValueLists,
  type SetupActionData,
} from "~/modules/timesheets/setup-actions.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";

export const meta: MetaFunction = () => [{ title: "Payroll groups · Tracksmith" }];
const PAGE = "/admin/payrollgroups";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await payrollGroupsPage(ctx, new URL(request.url)));
}

type ActionData = SetupActionData<Record<string, string[]>>;

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(
    await request.formData(),
    setupActions(PAGE, {
      input: payrollGroupInput,
      values: typedValueLists,
      save: (id, input) => savePayrollGroup(ctx, id, input),
      remove: (id) => removePayrollGroup(ctx, id),
    }),
  );
}

/** Payroll groups (SPEC §2.8 payrollgroups): pay period, overtime rules, members and allowances. */
export default function PayrollGroups() {
  const d = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>() as ActionData | undefined;
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
          <ScrollArea type="auto">
            <Table striped miw={620} data-testid="payrollgroups">
              <Table.Caption>Payroll groups of the company</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Pay period</Table.Th>
                  <Table.Th>Overtime rules</Table.Th>
                  <Table.Th>Members</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.groups.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>No payroll groups yet.</Table.Td>
                  </Table.Tr>
                ) : null}
                {d.groups.map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`?edit=${g.id}`}>
                        {g.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{g.pay_period}</Table.Td>
                    <Table.Td>{g.presetName}</Table.Td>
                    <Table.Td>{g.memberNames.join(", ") || "—"}</Table.Td>
                    <Table.Td>
                      <ConfirmForm
                        fields={{ intent: "delete", id: g.id }}
                        confirming={act?.confirmFor === g.id}
                        label="Delete"
                        question={`Delete ${g.name}?`}
                        confirmLabel="Yes, delete"
                        busy={busy}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PayrollGroupForm
            editing={d.editing}
            people={d.people}
            allowances={d.allowances}
            presets={d.presets}
            message={act?.message}
            values={act?.values}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
