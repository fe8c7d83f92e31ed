import {
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { CompanyDay, useCompanyZone } from "~/components/company-time";
import { formatDay } from "~/lib/zoned-time";

type Row = {
  id: number;
  from: string;
  to: string;
  firstDay: string;
  lastDay: string;
  state: string;
};

const STATE: Record<string, string> = { planned: "Planned", active: "Now", ended: "Ended" };

/** Who stands in for me (add one, end one), and for whom I stand in. Works without JavaScript. */
export function Delegations({
  mine,
  standingIn,
  people,
  today,
  refused,
}: {
  mine: Row[];
  standingIn: Row[];
  people: { id: number; name: string }[];
  today: string;
  refused?: { errors: Record<string, string>; values: Record<string, string> };
}) {
  const busy = useNavigation().state === "submitting";
  const zone = useCompanyZone();
  const v = refused?.values ?? {};
  return (
    <Paper withBorder p="md">
      <Stack gap="sm" data-testid="delegations">
        <Title order={2} size="h4">
          While I am away
        </Title>
        <Text size="sm" c="dimmed">
          Someone standing in for you decides your approval steps on the days you choose; their
          decision counts as yours.
        </Text>
        {mine.length ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Stands in</Table.Th>
                <Table.Th>Days</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mine.map((d) => (
                <Table.Tr key={d.id} data-delegation={d.id}>
                  <Table.Td>{d.to}</Table.Td>
                  <Table.Td>
                    <CompanyDay day={d.firstDay} /> – <CompanyDay day={d.lastDay} /> (
                    {STATE[d.state]})
                  </Table.Td>
                  <Table.Td>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="id" value={d.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="end-delegation"
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={`End ${d.to} standing in from ${d.firstDay}`}
                      >
                        End
                      </Button>
                    </Form>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm">Nobody stands in for you.</Text>
        )}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delegate" />
          <Stack gap="xs">
            <NativeSelect
              name="to"
              label="Who stands in for you"
              defaultValue={v.to ?? ""}
              error={refused?.errors.to}
              data={[
                { value: "", label: "Choose a person" },
                ...people.map((p) => ({ value: String(p.id), label: p.name })),
              ]}
            />
            <Group grow align="flex-start">
              <TextInput
                type="date"
                name="start"
                label="First day"
                min={today}
                defaultValue={v.start ?? today}
                error={refused?.errors.start}
              />
              <TextInput
                type="date"
                name="end"
                label="Last day"
                min={today}
                defaultValue={v.end ?? ""}
                error={refused?.errors.end}
              />
            </Group>
            <Group>
              <Button type="submit" loading={busy}>
                Add stand-in
              </Button>
            </Group>
          </Stack>
        </Form>
        {standingIn.length ? (
          <Text size="sm" data-testid="standing-in">
            You stand in for{" "}
            {standingIn
              .map(
                (d) => `${d.from} (${formatDay(d.firstDay, zone)} – ${formatDay(d.lastDay, zone)})`,
              )
              .join(", ")}
            .
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
