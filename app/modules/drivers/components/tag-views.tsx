import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { typedValue } from "~/lib/action-result";
import { DataTable, createColumnHelper } from "~/components/data-table";

export type TagRow = {
  id: number;
  uid: string;
  label: string;
  driver_id: number | null;
  driverName: string | null;
  active: boolean;
};

const col = createColumnHelper<TagRow>();
const COLUMNS = [
  col.accessor("uid", {
    header: "UID",
    cell: ({ row: { original: r } }) => (
      <Anchor
        component={Link}
        to={`/dashboard/driver-tag/${r.id}`}
        ff="monospace"
        data-testid="tag-uid"
      >
        {r.uid}
      </Anchor>
    ),
  }),
  col.accessor("label", { header: "Label" }),
  col.accessor("driverName", {
    header: "Driver",
    cell: ({ getValue }) => getValue() ?? "Unassigned",
  }),
  col.accessor("active", {
    header: "Status",
    cell: ({ getValue }) => (getValue() ? "Active" : "Inactive"),
  }),
];

export function TagTable({ rows }: { rows: TagRow[] }) {
  return (
    <DataTable
      data={rows}
      columns={COLUMNS}
      getRowId={(r) => String(r.id)}
      rowProps={(r) => ({ "data-tag": r.id })}
      testId="tag-table"
      label="Driver tags"
      empty="No tags registered yet."
      minWidth={600}
    />
  );
}

/** Register a tag: a plain POST the server checks; its refusal (Conform's reply) beside the field. */
export function RegisterTagForm({
  drivers,
  result,
}: {
  drivers: Array<{ id: number; name: string }>;
  result?: SubmissionResult<string[]>;
}) {
  // Checked by the server (and the browser's required, as before).
  const [form, f] = useForm({ id: "register-tag", lastResult: result });
  const values = result?.initialValue ?? {};
  const typed = (k: string) => typedValue(result, k, "");
  return (
    <Paper withBorder p="md" data-testid="register-tag">
      <Form method="post" {...getFormProps(form)} noValidate={false} key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="register" />
        <Stack gap="xs">
          <Title order={2} size="h4">
            Register a tag
          </Title>
          <Field errors={f.uid}>
            <TextInput
              label="UID (8–16 hexadecimal characters)"
              name="uid"
              defaultValue={typed("uid")}
              required
            />
          </Field>
          <Field errors={f.label}>
            <TextInput label="Label" name="label" defaultValue={typed("label")} />
          </Field>
          <Field errors={f.driverId}>
            <NativeSelect
              label="Driver"
              name="driverId"
              defaultValue={typed("driverId")}
              data={[
                { value: "", label: "Nobody yet" },
                ...drivers.map((d) => ({ value: String(d.id), label: d.name })),
              ]}
            />
          </Field>
          <Group>
            <Button type="submit">Register tag</Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

export function TagActions({
  tag,
  drivers,
  confirm,
}: {
  tag: TagRow;
  drivers: Array<{ id: number; name: string }>;
  confirm: boolean;
}) {
  if (!tag.active) return <Alert color="gray">This tag is deactivated.</Alert>;
  return (
    <Group gap="sm" align="flex-end">
      <Form method="post">
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="id" value={tag.id} />
        <Group gap={4} align="flex-end">
          <NativeSelect
            label="Driver"
            name="driverId"
            defaultValue={tag.driver_id ? String(tag.driver_id) : ""}
            data={[
              { value: "", label: "Choose a driver" },
              ...drivers.map((d) => ({ value: String(d.id), label: d.name })),
            ]}
          />
          <Button type="submit" variant="default">
            Assign
          </Button>
        </Group>
      </Form>
      {tag.driver_id !== null ? (
        <Form method="post">
          <input type="hidden" name="intent" value="unassign" />
          <input type="hidden" name="id" value={tag.id} />
          <Button type="submit" variant="default">
            Unassign
          </Button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="deactivate" />
        <input type="hidden" name="id" value={tag.id} />
        {confirm ? (
          <Group gap={4}>
            <Text size="sm">Deactivate tag {tag.uid}? It will no longer identify anyone.</Text>
            <Button type="submit" name="confirm" value="yes" color="red">
              Yes, deactivate
            </Button>
          </Group>
        ) : (
          <Button type="submit" color="red" variant="light">
            Deactivate
          </Button>
        )}
      </Form>
    </Group>
  );
}
