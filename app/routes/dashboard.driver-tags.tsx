import { Button, Group, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TagTable } from "~/modules/drivers/components/tag-views";
import { tagsPage } from "~/modules/drivers/tags.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Driver tags · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await tagsPage(await requireModule(request, "drivers")));
}

export default function DriverTags() {
  const d = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between">
        <Title order={1}>Driver tags</Title>
        {d.canEdit ? (
          <Button component={Link} to="/dashboard/driver-tag">
            Register a tag
          </Button>
        ) : null}
      </Group>
      <TagTable rows={d.tags} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
