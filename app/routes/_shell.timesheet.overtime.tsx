import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PeriodPicker } from "~/modules/timesheets/components/period-picker";
import { overtimePage } from "~/modules/timesheets/overtime-page.server";
import { requireModule } from "~/services/guard.server";
import { CompanyDay } from "~/components/company-time";

export const meta: MetaFunction = () => [{ title: "Overtime · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await overtimePage(ctx, new URL(request.url)));
}

type Person = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["people"][number]>;
const col = createColumnHelper<Person>();
const COLUMNS = [
  col.accessor("name", { header: "Person" }),
  col.accessor("totalHours", { header: "Total", cell: ({ getValue }) => `${getValue()} h` }),
  col.accessor("overtimeHours", {
    header: "Overtime",
    cell: ({ getValue }) =>
      getValue() > 0 ? (
        <Badge color="orange" variant="light">
          {getValue()} h
        </Badge>
      ) : (
        "0 h"
      ),
  }),
  col.accessor("lines", {
    header: "Lines",
    cell: ({ getValue }) =>
      getValue().map((l) => (
        <Text size="sm" key={`${l.category}${l.rule}`}>
          {l.category}: {l.hours} h ({l.rule})
        </Text>
      )),
  }),
];

/** Overtime (SPEC §2.7 overtime): the overtime report per person and period, and the rule sets. */
export default function Overtime() {
  const d = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Overtime
        </Title>
        <Text c="dimmed" size="sm">
          Hours of every entry not rejected, classified by the payroll group&apos;s rule set: every
          worked minute lands in exactly one line.
        </Text>
      </div>
      {!d.group ? (
        <Alert color="gray">No payroll groups yet: create one under Admin, Payroll Groups.</Alert>
      ) : (
        <>
          <PeriodPicker groups={d.groups} group={d.group} periods={d.periods} period={d.period} />
          <DataTable
            data={d.people}
            columns={COLUMNS}
            getRowId={(p) => String(p.id)}
            caption={
              <>
                Overtime of {d.group.name}, <CompanyDay day={d.period?.from} /> to{" "}
                <CompanyDay day={d.period?.to} />
              </>
            }
            testId="overtime-report"
            label={`Overtime of ${d.group.name}`}
            // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
            focusableScroll
            minWidth={760}
            highlightOnHover={false}
            empty="Nobody to show."
          />
        </>
      )}
      <Title order={2} size="h3">
        Rule sets of the payroll groups
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {d.ruleSets.map((g) => (
          <Paper withBorder p="md" key={g.id}>
            <Group justify="space-between">
              <Title order={3} size="h5">
                {g.name}
              </Title>
              <Badge variant="light">{g.preset}</Badge>
            </Group>
            <List size="sm" mt="xs">
              {g.rules.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={2} size="h3">
        Presets
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="overtime-presets">
        {d.presets.map((p) => (
          <Paper withBorder p="md" key={p.id}>
            <Title order={3} size="h5">
              {p.name}
            </Title>
            <List size="sm" mt="xs">
              {p.rules.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
