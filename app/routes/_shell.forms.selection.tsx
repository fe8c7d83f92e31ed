import { Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { QueueStatus } from "~/modules/forms/components/queue-status";
import { selectionPage } from "~/modules/forms/fill.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Fill in a form · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return json({ ...(await selectionPage(ctx)), userId: ctx.user.username_id });
}

export default function Selection() {
  const { forms, userId } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Fill in a form
      </Title>
      <QueueStatus userId={userId} />
      {forms.length === 0 ? (
        <Text>There is no form for you to fill in.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {forms.map((f) => (
            <Card key={f.id} withBorder>
              <Anchor component={Link} to={`/forms/fill/${f.id}`} fw={600}>
                {f.title}
              </Anchor>
              {f.description ? (
                <Text size="sm" c="dimmed">
                  {f.description}
                </Text>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
