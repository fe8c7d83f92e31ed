import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useActionResult } from "~/lib/action-result";
import { parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import { StepList } from "~/modules/operations/components/step-list";
import { CertificateSchema } from "~/modules/operations/certificate-form";
import {
  checkStart,
  installationPage,
  issueCertificate,
} from "~/modules/operations/installation.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { measurementOf } from "~/services/measurement.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Installation check${data ? `: ${data.device.nickname}` : ""} · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const imei = params.imei ?? "";
  // The check starts when the page is first opened; the page then keeps the start in its address.
  const since = checkStart(new URL(request.url).searchParams.get("since"));
  return json(await installationPage(ctx, imei, since ?? Date.now(), measurementOf(request)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const imei = params.imei ?? "";
  return switchIntent(await request.formData(), {
    issue: async (form) => {
      // The form carries the check's start (so does the address, when the browser kept it).
      const since =
        checkStart(String(form.get("since") ?? "")) ??
        checkStart(new URL(request.url).searchParams.get("since")) ??
        Date.now();
      const submission = parseForm(form, CertificateSchema);
      if (submission.status !== "success")
        return json({ result: submission.reply(), message: null }, { status: 400 });
      const r = await issueCertificate(ctx, imei, since, submission.value, measurementOf(request));
      if (!r.ok) return json({ result: submission.reply(), message: r.message }, { status: 409 });
      return redirectWithToast(
        `/installation/${encodeURIComponent(imei)}?since=${since}&issued=${r.id}`,
        {
          type: "success",
          description: "Certificate issued: download it below.",
        },
      );
    },
  });
}

/** The check's start in the address, so a reload or a revalidation continues the same check. */
function useStartInAddress(since: number) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!new URLSearchParams(location.search).has("since"))
      navigate(`?since=${since}`, { replace: true, preventScrollReset: true });
  }, [location.search, navigate, since]);
}

/** While steps are still open, the page reads the device again every 5 seconds (with JavaScript). */
function useLiveChecks(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => state === "idle" && revalidate(), 5000);
    return () => clearInterval(t);
  }, [active, revalidate, state]);
}

export default function Installation() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  useStartInAddress(data.since);
  useLiveChecks(!data.passed);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CertificateSchema }),
    shouldRevalidate: "onBlur",
  });
  const base = `/installation/${encodeURIComponent(data.device.imei)}`;
  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={1} size="h2">
          Installation check: {data.device.nickname}
        </Title>
        <Text c="dimmed" size="sm">
          IMEI {data.device.imei} · check started{" "}
          {formatZoned(data.since, data.timeZone, "datetime")} ({data.timeZone}) · read{" "}
          {formatZoned(data.at, data.timeZone, "time")}
        </Text>
      </div>
      {data.unavailable ? (
        <Alert color="orange" title="The tracking service is not answering">
          The checks cannot be read right now. They are tried again every few seconds.
        </Alert>
      ) : (
        <StepList steps={data.steps} />
      )}
      <Group gap="xs">
        <Form method="get">
          <input type="hidden" name="since" value={data.since} />
          <Button type="submit" variant="default">
            Check again
          </Button>
        </Form>
        <Button component={Link} to={`${base}?since=${data.at}`} variant="subtle">
          Start over
        </Button>
      </Group>
      {data.passed ? (
        <Paper withBorder p="md">
          <Form method="post" {...getFormProps(form)} aria-labelledby="issue-title">
            <input type="hidden" name="intent" value="issue" />
            <input type="hidden" name="since" value={data.since} />
            <Stack gap="sm">
              <Title order={2} size="h4" id="issue-title">
                Every check passed: issue the certificate
              </Title>
              {actionData?.message ? (
                <Alert color="red" role="alert">
                  {actionData.message}
                </Alert>
              ) : null}
              <TextInput
                label="Installer"
                {...getInputProps(fields.installer, { type: "text" })}
                key={fields.installer.key}
                defaultValue={fields.installer.initialValue ?? ""}
                error={fields.installer.errors?.[0]}
                autoComplete="name"
                required
              />
              <Textarea
                label="Notes"
                description="Where the device and its antenna are fitted, wiring, anything the next technician should know."
                {...getTextareaProps(fields.notes)}
                key={fields.notes.key}
                defaultValue={fields.notes.initialValue ?? ""}
                error={fields.notes.errors?.[0]}
                autosize
                minRows={2}
              />
              <Group>
                <Button type="submit" loading={busy}>
                  Issue certificate
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          The certificate can be issued once every check has passed.
        </Text>
      )}
      {data.certificates.length ? (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Certificates of this device
          </Title>
          <List spacing={4} data-testid="certificates">
            {data.certificates.map((c) => (
              <List.Item key={c.id}>
                <Anchor href={`${base}/certificate/${c.id}`} download>
                  {formatZoned(c.issuedAt, data.timeZone, "full")}, {c.installer} (PDF)
                </Anchor>{" "}
                <Badge size="sm" variant="light" color="teal">
                  Passed
                </Badge>
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
