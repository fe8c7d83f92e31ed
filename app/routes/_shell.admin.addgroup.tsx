import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { Field, FormMessage, type FormReply } from "~/modules/admin/components/fields";
import { refused } from "~/modules/admin/form-reply.server";
import { addGroup } from "~/modules/admin/groups.server";
import { GroupSchema } from "~/modules/admin/people-form";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Add group · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "admin");
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const s = parseForm(form, GroupSchema);
      if (s.status !== "success") return refused(form, firstErrors(s));
      const r = await addGroup(ctx, s.value.nickname);
      if (!r.ok) return refused(form, { nickname: r.message }, 409);
      return redirectWithToast("/admin/groups", {
        type: "success",
        description: `Group ${r.nickname} added.`,
      });
    },
  });
}

/** Add a group (groups_view to open; edit_permissions to add). */
export default function AddGroup() {
  const reply = useActionData<typeof action>() as FormReply | undefined;
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
      <Paper withBorder p="md">
        <Form method="post" noValidate data-testid="addgroup-form">
          <input type="hidden" name="intent" value="create" />
          <Stack gap="sm">
            <FormMessage reply={reply} />
            <Field name="nickname" label="Name" reply={reply} />
            <Group>
              <Button type="submit" loading={busy}>
                Add group
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
