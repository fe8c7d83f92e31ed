import { Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { resultFor, useActionResult } from "~/lib/action-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RegisterTagForm, TagTable } from "~/modules/drivers/components/tag-views";
import { tagAction, tagsPage } from "~/modules/drivers/tags.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Driver tag · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await tagsPage(await requireModule(request, "drivers")));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "drivers", { permission: "drivers_manage" });
  return tagAction(ctx, await request.formData());
}

/** Register a tag, or open one of the company's tags. */
export default function DriverTag() {
  const d = useLoaderData<typeof loader>();
  const a = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1}>Driver tag</Title>
      {d.canEdit ? <RegisterTagForm drivers={d.drivers} result={resultFor(a, "register")} /> : null}
      <TagTable rows={d.tags} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
