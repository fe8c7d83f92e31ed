import { Anchor, Button, Paper, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isAllowed } from "~/lib/access";
import { copyForm, createDraftForm } from "~/modules/forms/builder.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";

export const meta: MetaFunction = () => [{ title: "Build a form · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return json({
    canAdmin: isAllowed(ctx.user, { permission: "forms_edit" }),
    canCreate: ctx.can.create === true,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return switchIntent(await request.formData(), {
    create: async (f) => {
      // Starting from a copy of one of the company's forms (404 for any other).
      const from = f.get("from");
      if (from !== null) return redirect(`/forms/buildform/${await copyForm(ctx, Number(from))}`);
      const title = String(f.get("title") ?? "");
      const r = await createDraftForm(ctx, title, String(f.get("description") ?? ""));
      if (!r.ok) return json({ errors: r.errors, title }, { status: 400 });
      return redirect(`/forms/buildform/${r.id}`);
    },
  });
}

export default function NewForm() {
  const { canAdmin, canCreate } = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>();
  const errors = act && "errors" in act ? act.errors : {};
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Build a form
      </Title>
      <Text>
        Give the new form a title; you then add its questions, preview it and publish it.
        {canAdmin ? (
          <>
            {" "}
            To change an existing form, open it from{" "}
            <Anchor component={Link} to="/forms/admin">
              Forms Admin
            </Anchor>
            .
          </>
        ) : null}
      </Text>
      {canCreate ? null : <Text c="dimmed">Making a new form needs the forms_add permission.</Text>}
      <Paper withBorder p="md" hidden={!canCreate}>
        <Form method="post">
          <Stack gap="sm">
            <TextInput
              label="Title"
              name="title"
              withAsterisk
              maxLength={200}
              defaultValue={act && "title" in act ? act.title : ""}
              error={errors.title}
            />
            <Textarea label="Description" name="description" autosize minRows={2} />
            <Button type="submit" name="intent" value="create" w="fit-content">
              Create and add questions
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
