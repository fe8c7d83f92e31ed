import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { Field } from "~/modules/admin/components/fields";
import { canAt, requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Add group · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json({ can: canAt(ctx, "/admin/groups") });
}

/** Add a group (groups_view to open; edit_permissions to add): posts to /admin/groups, which shows a refusal. */
export default function AddGroup() {
  const { can } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <Stack gap="md" maw={560}>
      <div>
        <Anchor component={Link} to="/admin/groups" size="sm">
          ← Groups
        </Anchor>
        <Title order={1} size="h2">
          Add group
        </Title>
        <Text c="dimmed" size="sm">
          Add people to it from their page, and vehicles from the fleet list.
        </Text>
      </div>
      <RequiresPermission
        allowed={can.create}
        rule={{ permission: "edit_permissions" }}
        what="Adding a group"
      >
        <Paper withBorder p="md">
          <Form method="post" action="/admin/groups" noValidate data-testid="addgroup-form">
            <input type="hidden" name="intent" value="create" />
            <Stack gap="sm">
              <Field name="nickname" label="Name" />
              <Group>
                <Button type="submit" loading={busy}>
                  Add group
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      </RequiresPermission>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
