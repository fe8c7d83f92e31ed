import { Anchor, Button, Group, Radio, Table, Text, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { formatZoned } from "~/lib/zoned-time";

type Entry = { id: string; startMs: number; purpose: string; description: string };

/** The second step of deleting a logbook trip: a row under it asking to confirm. */
export function DeleteConfirmRow(props: {
  entry: Entry;
  cols: number;
  timeZone: string;
  busy: boolean;
  cancelTo: string;
}) {
  const { entry: e } = props;
  return (
    <Table.Tr>
      <Table.Td colSpan={props.cols}>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={e.id} />
          <Group gap="sm">
            <Text size="sm" fw={500}>
              Delete the trip of {formatZoned(e.startMs, props.timeZone)}? This cannot be undone.
            </Text>
            <Button
              type="submit"
              name="confirm"
              value="yes"
              color="red"
              size="xs"
              loading={props.busy}
            >
              Yes, delete
            </Button>
            <Anchor component={Link} to={props.cancelTo} size="sm">
              Cancel
            </Anchor>
          </Group>
        </Form>
      </Table.Td>
    </Table.Tr>
  );
}

/** A row under a logbook trip to change its purpose and description. */
export function PurposeEditRow(props: {
  entry: Entry;
  cols: number;
  busy: boolean;
  cancelTo: string;
  errors?: { purpose?: string; description?: string };
}) {
  const { entry: e } = props;
  return (
    <Table.Tr>
      <Table.Td colSpan={props.cols}>
        <Form method="post" preventScrollReset aria-label="Change purpose">
          <input type="hidden" name="intent" value="purpose" />
          <input type="hidden" name="id" value={e.id} />
          <Group align="end" gap="md">
            <Radio.Group
              name="purpose"
              label="Purpose"
              defaultValue={e.purpose}
              error={props.errors?.purpose}
            >
              <Group gap="sm" mt={4}>
                <Radio value="business" label="Business" />
                <Radio value="private" label="Private" />
              </Group>
            </Radio.Group>
            <TextInput
              name="description"
              label="Description"
              defaultValue={e.description}
              maxLength={200}
              error={props.errors?.description}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={props.busy}>
              Save purpose
            </Button>
            <Anchor component={Link} to={props.cancelTo} size="sm">
              Cancel
            </Anchor>
          </Group>
        </Form>
      </Table.Td>
    </Table.Tr>
  );
}
