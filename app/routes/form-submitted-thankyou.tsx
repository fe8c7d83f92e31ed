import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { thankYou } from "~/modules/forms/public-forms.server";
import { PUBLIC_TOKEN_HEADERS } from "~/services/public-page-headers";

export const meta: MetaFunction = () => [
  { title: "Thank you · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** SPEC §2.1 form-submitted-thankyou: a plain thanks; it names the form only while the link it came from works. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await thankYou(request), { headers: PUBLIC_TOKEN_HEADERS });
}

export default function FormSubmittedThankYou() {
  const { title, again } = useLoaderData<typeof loader>();
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" data-testid="form-thank-you">
        <Title order={1}>Thank you</Title>
        <Text>
          {title ? (
            <>Your answers to “{title}” have been received.</>
          ) : (
            "Your answers have been received."
          )}
        </Text>
        {again ? (
          <Anchor component={Link} to={again}>
            Fill in the form again
          </Anchor>
        ) : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
