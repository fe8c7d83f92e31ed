import { Alert, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { prisma } from "~/services/db.server";
import { readUnsubscribeToken, unsubscribe } from "~/modules/reports/report-email.server";

export const meta: MetaFunction = () => [
  { title: "Unsubscribe · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/**
 * The unsubscribe link of a scheduled report's email. It needs no account: the signed token names
 * the schedule and the address. Opening the link only asks; the button (a POST) unsubscribes, so
 * mail scanners that follow links change nothing.
 */
async function requireToken(token: string | undefined) {
  const t = readUnsubscribeToken(token ?? "");
  if (!t) throw new Response("Not found", { status: 404 });
  return t;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const { scheduleId, email } = await requireToken(params.token);
  const s = await prisma.reportSchedule.findUnique({
    where: { id: scheduleId },
    select: { subject: true },
  });
  const already = s
    ? Boolean(
        await prisma.reportUnsubscribe.findUnique({
          where: { scheduleId_email: { scheduleId, email } },
        }),
      )
    : false;
  return json({ email, subject: s?.subject ?? null, already });
}

export async function action({ params }: ActionFunctionArgs) {
  const { scheduleId, email } = await requireToken(params.token);
  const subject = await unsubscribe(scheduleId, email);
  return json({ done: true, subject });
}

export default function Unsubscribe() {
  const { email, subject, already } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Title order={1} size="h3">
            Unsubscribe
          </Title>
          {subject === null ? (
            <Text>This scheduled report no longer exists: {email} will not receive it.</Text>
          ) : result?.done || already ? (
            <Alert color="green" data-testid="unsubscribed">
              {email} will no longer receive &ldquo;{subject}&rdquo;.
            </Alert>
          ) : (
            <Form method="post">
              <Stack gap="sm">
                <Text>
                  Stop sending &ldquo;{subject}&rdquo; to <b>{email}</b>?
                </Text>
                <Button type="submit" color="red">
                  Unsubscribe
                </Button>
              </Stack>
            </Form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
