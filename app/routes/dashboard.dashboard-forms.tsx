import { requireModule } from "~/services/guard.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormsDashboard } from "~/modules/forms/components/forms-dashboard";
import { useActionResult } from "~/lib/action-result";
import { formsDashboard, formsDashboardAction } from "~/modules/forms/forms-page.server";

export const meta: MetaFunction = () => [{ title: "Forms Dashboard · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await formsDashboard(await requireModule(request, "forms"), new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return formsDashboardAction(ctx, await request.formData());
}

export default function FormsDashboardPage() {
  return (
    <FormsDashboard
      data={useLoaderData<typeof loader>()}
      result={useActionResult<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
