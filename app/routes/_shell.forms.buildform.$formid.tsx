import { Anchor, Grid, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { applyBuilder, builderPage } from "~/modules/forms/builder.server";
import { Builder } from "~/modules/forms/components/builder";
import { BuilderPreview } from "~/modules/forms/components/builder-preview";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.form.draft.title ?? "Edit a form"} · Build a form · Tracksmith` },
];

const idOf = (s: string | undefined) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n <= 0) throw new Response("Not found", { status: 404 });
  return n;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms", { permission: "forms_edit" });
  return json({ form: await builderPage(ctx, idOf(params.formid)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  const id = idOf(params.formid);
  return switchIntent(await request.formData(), {
    edit: async (f) => {
      const r = await applyBuilder(ctx, id, f);
      if (!r.ok) return json({ errors: r.errors, draft: r.draft }, { status: 400 });
      return redirectWithToast(`/forms/buildform/${id}`, {
        type: "success",
        description: r.message,
      });
    },
  });
}

export default function EditForm() {
  const { form } = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>();
  const failed = act && "errors" in act ? act : null;
  const draft = failed?.draft ?? form.draft;
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/forms/admin" size="sm">
          ← Forms Admin
        </Anchor>
        <Title order={1} size="h2">
          {form.draft.title}
        </Title>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Builder
            key={JSON.stringify(draft.fields.map((f) => f.id))}
            draft={draft}
            errors={failed?.errors ?? {}}
            versions={form.versions}
            latest={form.latest}
            draftChanged={form.draftChanged}
            message={null}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <BuilderPreview draft={form.draft} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
