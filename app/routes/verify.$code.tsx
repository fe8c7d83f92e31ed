import { Alert, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LocalTime } from "~/components/local-time";
import { VERIFY_LIMIT, verifyPage } from "~/modules/operations/certificate-verify.server";
import { PUBLIC_TOKEN_HEADERS } from "~/services/public-page-headers";

/** The document too: no-store and the referrer policy, and Retry-After once over the limit. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const retry = loaderHeaders.get("Retry-After");
  return retry ? { ...PUBLIC_TOKEN_HEADERS, "Retry-After": retry } : PUBLIC_TOKEN_HEADERS;
};
export const meta: MetaFunction = () => [
  { title: "Check an installation certificate · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** Public: whether the code printed on an installation certificate is genuine (no sign-in). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const address = String((context as { clientAddress?: string }).clientAddress ?? "unknown");
  const page = await verifyPage(params.code ?? "", address);
  const headers: Record<string, string> = { ...PUBLIC_TOKEN_HEADERS };
  if (page.state === "limited") headers["Retry-After"] = String(VERIFY_LIMIT.seconds);
  const status = page.state === "valid" ? 200 : page.state === "invalid" ? 404 : 429;
  return json(page, { status, headers });
}

export default function VerifyCertificate() {
  const page = useLoaderData<typeof loader>();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>Installation certificate check</Title>
        {page.state === "valid" ? (
          <Paper withBorder p="md" data-testid="verify-valid">
            <Stack gap={6}>
              <Alert color="teal" title="Valid certificate">
                Tracksmith issued this certificate and nothing printed on it has been changed.
              </Alert>
              <Text>
                <strong>Device:</strong> {page.certificate.deviceName} (IMEI {page.certificate.imei}
                )
              </Text>
              {page.certificate.companyName ? (
                <Text>
                  <strong>Company:</strong> {page.certificate.companyName}
                </Text>
              ) : null}
              <Text>
                <strong>Issued:</strong> <LocalTime at={page.certificate.issuedAt} />
              </Text>
              <Text>
                <strong>Result:</strong> {page.certificate.result}
              </Text>
            </Stack>
          </Paper>
        ) : page.state === "invalid" ? (
          <Alert color="red" title="Not a valid certificate" data-testid="verify-invalid">
            This code does not belong to a certificate Tracksmith issued, or the certificate was
            changed. Check that the address was copied whole from the certificate.
          </Alert>
        ) : (
          <Alert color="yellow" title="Too many checks" data-testid="verify-limited">
            Too many certificates were checked from your network. Please try again in 15 minutes.
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
