import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { lastSubmission, useActionResult } from "~/lib/action-result";
import { FormLinkInvalid, PublicFormView } from "~/modules/forms/components/public-form-view";
import { publicForm, submitPublicForm } from "~/modules/forms/public-forms.server";
import { PUBLIC_TOKEN_HEADERS, publicTokenHeaders } from "~/services/public-page-headers";

export const headers = publicTokenHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.form.title} · Tracksmith` : "Link not valid · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** SPEC §2.1 forms/{id}: the id is the link's token; no session, no shell. */
export async function loader({ params }: LoaderFunctionArgs) {
  return json(await publicForm(params.id ?? ""), { headers: PUBLIC_TOKEN_HEADERS });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return submitPublicForm(
    request,
    params.id ?? "",
    String((context as { clientAddress?: string }).clientAddress ?? "unknown"),
  );
}

export default function FillInForm() {
  const data = useLoaderData<typeof loader>();
  return (
    <PublicFormView
      form={data.form}
      expiresAt={data.expiresAt}
      company={data.company}
      lastResult={lastSubmission(useActionResult<typeof action>())}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? (
    <FormLinkInvalid />
  ) : (
    <GeneralErrorBoundary />
  );
}
