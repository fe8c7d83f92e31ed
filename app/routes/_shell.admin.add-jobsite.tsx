import { Anchor, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FormReply } from "~/modules/admin/components/fields";
import { JobsiteForm } from "~/modules/admin/components/jobsite-form";
import { refused } from "~/modules/admin/form-reply.server";
import { formValues, parseJobsiteForm, saveJobsite } from "~/modules/admin/jobsites.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { tileConfig } from "~/services/map-tiles.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Add jobsite · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "admin", { permission: "geofences_edit" });
  return json({ initial: formValues(null), tiles: tileConfig() });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const parsed = parseJobsiteForm(form);
      if (!parsed.ok) return refused(form, parsed.errors);
      const r = await saveJobsite(ctx, null, parsed.input);
      if (!r.ok)
        return refused(
          form,
          { [/^name\b|named/.test(r.message) ? "name" : "form"]: r.message },
          409,
        );
      return redirectWithToast(`/admin/jobsite/${r.site.id}`, {
        type: "success",
        description: `${r.site.name} added.`,
      });
    },
  });
}

/** Add a jobsite (jobsites_view and geofences_edit). */
export default function AddJobsite() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Anchor component={Link} to="/admin/jobsites" size="sm">
          ← Jobsites
        </Anchor>
        <Title order={1} size="h2">
          Add jobsite
        </Title>
      </div>
      <JobsiteForm
        intent="create"
        initial={data.initial}
        reply={reply}
        tiles={data.tiles}
        submitLabel="Add jobsite"
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
