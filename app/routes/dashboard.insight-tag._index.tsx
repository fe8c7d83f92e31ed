import { Alert, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RegisterForm } from "~/modules/insight-tags/components/register-form";
import { registerAction, registerPage } from "~/modules/insight-tags/tags.server";
import { requireModule } from "~/services/guard.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Register an insight tag · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(registerPage(await requireModule(request, "insight-tags")));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return registerAction(ctx, await request.formData());
}

/** Register a tag: the uuid printed on its label, or one generated here (then print its QR code). */
export default function RegisterInsightTag() {
  const d = useLoaderData<typeof loader>();
  const a = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={700}>
      <Title order={1}>Register an insight tag</Title>
      {d.canRegister ? (
        <RegisterForm a={a} />
      ) : (
        <Alert color="gray">You may look at insight tags but not register them.</Alert>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
