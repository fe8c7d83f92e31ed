import { Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmissionsTable } from "~/modules/forms/components/submissions-table";
import { completedPage } from "~/modules/forms/submissions.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Completed Forms · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return json(await completedPage(ctx, new URL(request.url)));
}

export default function Completed() {
  const { rows, scope, ownOnly } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Completed Forms
        </Title>
        <Text c="dimmed" size="sm">
          {ownOnly
            ? "Forms you have submitted, each as a page and a PDF."
            : "Forms you and the people of your groups have submitted, each as a page and a PDF."}
        </Text>
      </div>
      {ownOnly ? null : (
        <nav aria-label="Whose forms">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Showing
            </Text>
            <Text size="sm">
              {scope === "team" ? (
                <>
                  <strong>My team&apos;s forms</strong> · <Link to="?scope=mine">Only mine</Link>
                </>
              ) : (
                <>
                  <Link to="?scope=team">My team&apos;s forms</Link> · <strong>Only mine</strong>
                </>
              )}
            </Text>
          </Stack>
        </nav>
      )}
      <SubmissionsTable rows={rows} empty="No completed forms yet." testId="forms-completed" />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
