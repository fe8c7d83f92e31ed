import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { searchDocs } from "~/modules/docs/docs.server";

/** Documentation search: a GET form, answered on the server, so it works without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return json({ q, hits: searchDocs(q) });
}

export const meta: MetaFunction = () => [{ title: "Search · Tracksmith docs" }];

export default function DocsSearch() {
  const { q, hits } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={820} data-testid="docs-search-results">
      <Title order={1}>Search</Title>
      {!q.trim() ? (
        <Text c="dimmed">Type a word in the search box above.</Text>
      ) : hits.length === 0 ? (
        <Text>No page mentions “{q}”.</Text>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {hits.length} {hits.length === 1 ? "page" : "pages"} for “{q}”
          </Text>
          {hits.map((h) => (
            <Card key={h.path} withBorder padding="md">
              <Anchor component={Link} to={`/docs/${h.path}`} fw={600}>
                {h.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {h.excerpt}
              </Text>
            </Card>
          ))}
        </>
      )}
    </Stack>
  );
}
