import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  ApprovalLinkDone,
  ApprovalLinkInvalid,
  ApprovalLinkView,
} from "~/modules/tickets/components/approval-link-view";
import { approvalLinkLoader, decideByLink } from "~/modules/tickets/approval-link-page.server";
import { PUBLIC_TOKEN_HEADERS, publicTokenHeaders } from "~/services/public-page-headers";

export const headers = publicTokenHeaders;
export const meta: MetaFunction = () => [
  { title: "Ticket approval · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** An e-mailed approval link: the token is the secret; no session, no shell. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return json(await approvalLinkLoader(params.token ?? "", new URL(request.url)), {
    headers: PUBLIC_TOKEN_HEADERS,
  });
}

export async function action({ params, request }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const r = await decideByLink(token, await request.formData());
  if (!r.ok) return json(r, { status: 400, headers: PUBLIC_TOKEN_HEADERS });
  return redirect(`/tickets/approve/${encodeURIComponent(token)}?done=${r.decision}`, {
    headers: PUBLIC_TOKEN_HEADERS,
  });
}

export default function TicketApprovalLink() {
  const d = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>();
  if (d.kind === "done") return <ApprovalLinkDone decision={d.decision} />;
  return <ApprovalLinkView data={d} refused={act && !act.ok ? act : undefined} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && [404, 410, 503].includes(error.status)) {
    const message = (error.data as { message?: string } | null)?.message;
    return <ApprovalLinkInvalid status={error.status} message={message} />;
  }
  return <GeneralErrorBoundary />;
}
