import {
  Alert,
  Badge,
  Group,
  List,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
          <ScrollArea type="auto">
            <Table striped miw={760} data-testid="overtime-report">
              <Table.Caption>
                Overtime of {d.group.name}, <CompanyDay day={d.period?.from} /> to{" "}
                <CompanyDay day={d.period?.to} />
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Overtime</Table.Th>
                  <Table.Th>Lines</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.people.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>Nobody to show.</Table.Td>
                  </Table.Tr>
                ) : null}
                {d.people.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.totalHours} h</Table.Td>
                    <Table.Td>
                      {p.overtimeHours > 0 ? (
                        <Badge color="orange" variant="light">
                          {p.overtimeHours} h
                        </Badge>
                      ) : (
                        "0 h"
                      )}
                    </Table.Td>
                    <Table.Td>
                      {p.lines.map((l) => (
                        <Text size="sm" key={`${l.category}${l.rule}`}>
                          {l.category}: {l.hours} h ({l.rule})
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
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
