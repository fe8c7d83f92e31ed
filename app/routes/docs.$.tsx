import { Breadcrumbs, Stack, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocArticle } from "~/modules/docs/components/doc-article";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getDoc } from "~/modules/docs/docs.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const doc = getDoc(params["*"] ?? "");
  if (!doc) throw new Response("Not found", { status: 404 });
  return json(doc, { headers: { "Cache-Control": "public, max-age=300" } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Documentation"} · Tracksmith docs` },
];

export default function DocPage() {
  const doc = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Breadcrumbs>
        <Text size="sm" c="dimmed">
          Documentation
        </Text>
        <Text size="sm" c="dimmed">
          {doc.section}
        </Text>
      </Breadcrumbs>
      <DocArticle html={doc.html} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
