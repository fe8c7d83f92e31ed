import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

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

/** One error page for every route: status and a plain message, never a stack trace. */
export function ErrorPage({ status }: { status: number }) {
  const code = TITLES[status] ? status : 500;
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" data-testid={`error-${code}`}>
        <Text c="dimmed" fw={700} size="xl">
          {code}
        </Text>
        <Title order={1}>{TITLES[code]}</Title>
        <Text>{EXPLANATIONS[code]}</Text>
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
