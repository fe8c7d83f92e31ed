import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WikiView } from "~/modules/insight-tags/components/wiki-view";
import { wikiAction, wikiPage } from "~/modules/insight-tags/wiki.server";
import { requireModule } from "~/services/guard.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Insight tag wiki · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return json(await wikiPage(ctx, params.uuid ?? "", new URL(request.url)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return wikiAction(ctx, params.uuid ?? "", await request.formData());
}

export default function Wiki() {
  const d = useLoaderData<typeof loader>();
  const a = useActionResult<typeof action>();
  return <WikiView d={d} a={a} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
