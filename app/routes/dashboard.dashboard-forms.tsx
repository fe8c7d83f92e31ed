import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  FormsDashboard,
  type FormsDashboardResult,
} from "~/modules/forms/components/forms-dashboard";
import { formsDashboard, formsDashboardAction } from "~/modules/forms/forms-page.server";

export const meta: MetaFunction = () => [{ title: "Forms Dashboard · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await formsDashboard(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return formsDashboardAction(request);
}

export default function FormsDashboardPage() {
  return (
    <FormsDashboard
      data={useLoaderData<typeof loader>()}
      result={useActionData<FormsDashboardResult>()}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
