import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MESSAGES } from "~/services/upstream/errors";

const TITLES: Record<number, string> = {
  401: "Please sign in",
  403: "You do not have access to this page",
  404: "Page not found",
  500: "Something went wrong",
  503: "The service is temporarily unavailable",
};

const EXPLANATIONS: Record<number, string> = {
  401: "Your session has ended or you are not signed in.",
  403: "Ask your administrator for the permission this page needs.",
  404: "The page you asked for does not exist or is not yours to see.",
  500: "We could not complete that request. Please try again in a moment.",
  503: "We cannot reach our database at the moment. Please try again in a minute.",
};

/** Answers (route-promises.server.ts) whose own words replace the status's explanation. */
const OWN_WORDS = new Set<string>([MESSAGES.pageUnavailable]);

/** One error page for every route: status and a plain message, never a stack trace. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const code = TITLES[status] ? status : 500;
  const explanation = message && OWN_WORDS.has(message) ? message : EXPLANATIONS[code];
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" data-testid={`error-${code}`}>
        <Text c="dimmed" fw={700} size="xl">
          {code}
        </Text>
        <Title order={1}>{TITLES[code]}</Title>
        <Text>{explanation}</Text>
        {code === 503 ? (
          <Anchor href="">Try again</Anchor>
        ) : (
          <Anchor component={Link} to={code === 401 ? "/login" : "/"}>
            {code === 401 ? "Go to sign in" : "Back to the dashboard"}
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  if (typeof document !== "undefined" && !response) console.error(error);
  const message = typeof response?.data === "string" ? response.data : undefined;
  return <ErrorPage status={response?.status ?? 500} message={message} />;
}
