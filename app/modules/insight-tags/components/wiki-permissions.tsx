import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { DataTable, createColumnHelper, type DataTableColumn } from "~/components/data-table";
import {
  WIKI_DEFAULTS,
  WIKI_PERMISSIONS,
  WIKI_PERMISSION_LABELS,
  type WikiPermission,
  type WikiSetting,
} from "../rules";
import { wikiPermissionsFormSchema, type WikiActionData } from "../schemas";
import { Field } from "~/components/forms/field";

export type PermissionRow = {
  id: number;
  name: string;
  username: string;
  settings: Record<WikiPermission, WikiSetting>;
  rights: Record<WikiPermission, boolean>;
};

const PATH = "/dashboard/insight-tags/wiki-permissions";
const col = createColumnHelper<PermissionRow>();
const yesNo = (v: boolean) => (v ? "Allowed" : "Refused");

const COLUMNS: DataTableColumn<PermissionRow>[] = [
  col.display({
    id: "user",
    header: "User",
    cell: ({ row: { original: u } }) => (
      <Anchor component={Link} to={`${PATH}?user=${u.id}`}>
        {u.name}{" "}
        <Text span c="dimmed" size="sm">
          ({u.username})
        </Text>
      </Anchor>
    ),
  }),
  ...WIKI_PERMISSIONS.map((p) =>
    col.display({
      id: p,
      header: WIKI_PERMISSION_LABELS[p],
      cell: ({ row: { original: u } }) => (
        <Text size="sm" data-permission={p} data-setting={u.settings[p]}>
          {yesNo(u.rights[p])}
          {u.settings[p] === "default" ? (
            <Text span c="dimmed" size="xs">
              {" "}
              (default)
            </Text>
          ) : null}
        </Text>
      ),
    }),
  ),
];

/** Every user of the company and what they may do in the wikis; explicit or the SPEC §3 default. */
export function WikiPermissionsTable({ rows }: { rows: PermissionRow[] }) {
  return (
    <DataTable
      data={rows}
      columns={COLUMNS}
      getRowId={(u) => String(u.id)}
      rowProps={(u) => ({ "data-user": u.username })}
      testId="wiki-permissions"
      label="Wiki permissions of each user"
      empty="No users."
      minWidth={900}
    />
  );
}

/** One user's seven permissions: each Default (SPEC §3), Allow or Refuse; and all back to default. */
export function WikiPermissionsForm({ user, a }: { user: PermissionRow; a?: WikiActionData }) {
  const [form, f] = useForm({
    id: `wiki-permissions-${user.id}`,
    lastResult: a?.intent === "set-wiki-permissions" ? a.reply : undefined,
    defaultValue: { userId: String(user.id), ...user.settings },
    constraint: getZodConstraint(wikiPermissionsFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: wikiPermissionsFormSchema }),
  });
  return (
    <Paper withBorder p="md" data-testid="wiki-permissions-form">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Wiki permissions of {user.name}
        </Title>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="set-wiki-permissions" />
          <input type="hidden" name="userId" value={user.id} />
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {WIKI_PERMISSIONS.map((p) => (
                <Field errors={f[p]}>
                  <NativeSelect
                    {...getSelectProps(f[p])}
                    key={f[p].key}
                    label={WIKI_PERMISSION_LABELS[p]}
                    data={[
                      {
                        value: "default",
                        label: `Default (${yesNo(WIKI_DEFAULTS[p]).toLowerCase()})`,
                      },
                      { value: "allow", label: "Allow" },
                      { value: "refuse", label: "Refuse" },
                    ]}
                  />
                </Field>
              ))}
            </SimpleGrid>
            <Group>
              <Button type="submit">Save permissions</Button>
            </Group>
          </Stack>
        </Form>
        {/* Every field absent is "default": this form puts the user back on SPEC §3. */}
        <Form method="post">
          <input type="hidden" name="intent" value="set-wiki-permissions" />
          <input type="hidden" name="userId" value={user.id} />
          <Button type="submit" variant="default">
            Back to the defaults
          </Button>
        </Form>
      </Stack>
    </Paper>
  );
}
