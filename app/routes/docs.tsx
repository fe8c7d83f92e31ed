import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DocsLayout } from "~/modules/docs/components/docs-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { docsNav } from "~/modules/docs/docs.server";

/** docs/*: public documentation (SPEC §2.1), no sign-in. */
export async function loader() {
  return json({ nav: docsNav() });
}

export default function Docs() {
  const { nav } = useLoaderData<typeof loader>();
  return (
    <DocsLayout nav={nav}>
      <Outlet />
    </DocsLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
