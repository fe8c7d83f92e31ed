import { Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  WikiPermissionsForm,
  WikiPermissionsTable,
} from "~/modules/insight-tags/components/wiki-permissions";
import { permissionsAction, permissionsPage } from "~/modules/insight-tags/wiki-permissions.server";
import { requireModule } from "~/services/guard.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Wiki permissions · Tracksmith" }];

/** Company administrators only (edit_permissions, the manifest's rule): others get 403. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return json(await permissionsPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return permissionsAction(ctx, await request.formData());
}

export default function WikiPermissions() {
  const d = useLoaderData<typeof loader>();
  const a = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>Wiki permissions</Title>
      <Text c="dimmed">
        Who may change what in the wikis of insight tags. A user without an explicit setting has the
        default: renaming folders, uploading files, writing pages and deleting are allowed;
        creating, renaming and deleting categories and creating folders are not. Pages need the
        upload permission to write and the delete permission to delete, as files do.
      </Text>
      <WikiPermissionsTable rows={d.rows} />
      {d.selected ? (
        <WikiPermissionsForm
          key={`${d.selected.id}:${JSON.stringify(d.selected.settings)}`}
          user={d.selected}
          a={a}
        />
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
