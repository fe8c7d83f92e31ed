import { Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EventInbox } from "~/modules/dashcam/components/event-inbox";
import { inboxPage, reviewMany } from "~/modules/dashcam/dashcam.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";

export const meta: MetaFunction = () => [{ title: "Dashcam events · Tracksmith" }];

/** SPEC §2.3 dashcam-events: the inbox of video events, filtered and reviewed in bulk. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dashcam");
  return json(await inboxPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "dashcam");
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return switchIntent(await request.formData(), { bulk: (f) => reviewMany(ctx, f, back) });
}

export default function DashcamEvents() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1}>Dashcam events</Title>
        <Text c="dimmed" size="sm">
          Video events of your cameras, newest first (times in {d.timeZone}). Reviews are shared
          with driver safety.
        </Text>
      </div>
      <EventInbox
        rows={d.rows}
        paging={d.paging}
        filters={d.filters}
        range={d.range}
        cameras={d.cameras}
        drivers={d.drivers}
        timeZone={d.timeZone}
        manager={d.manager}
        result={result && "errors" in result ? result : undefined}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
