import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AnswersView } from "~/modules/forms/components/answers-view";
import { reviewMoves } from "~/modules/forms/review-states";
import { completedSubmissionPage, reviewAction } from "~/modules/forms/submissions.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.row.title ?? "Completed form"} · Completed Forms · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  const page = await completedSubmissionPage(ctx, params.id ?? "");
  const moves = reviewMoves(page.row, ctx.user.username_id);
  return json({
    ...page,
    canReview: ctx.can.approve === true && moves.length > 0,
    canSendBack: ctx.can["send-back"] === true && moves.includes("sent_back"),
    ownSubmission: page.row.personId === ctx.user.username_id,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  const id = params.id ?? "";
  const decide = (decision: "approved" | "sent_back") => async (f: FormData) => {
    const comment = String(f.get("comment") ?? "");
    const r = await reviewAction(ctx, id, decision, comment);
    if (!r.ok) return json({ errors: r.errors, comment }, { status: 400 });
    return redirectWithToast(`/forms/completed/${id}`, { type: "success", description: r.message });
  };
  return switchIntent(await request.formData(), {
    approve: decide("approved"),
    "send-back": decide("sent_back"),
  });
}

export default function CompletedForm() {
  const { row, answers, flags, review, latest, canReview, canSendBack, ownSubmission } =
    useLoaderData<typeof loader>();
  const act = useActionData<typeof action>();
  const failed = act && "errors" in act ? act : null;
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Anchor component={Link} to="/forms/completed" size="sm">
          ← Completed Forms
        </Anchor>
        <Title order={1} size="h2">
          {row.title}
        </Title>
        <Group gap="xs" mt={4}>
          <Badge variant="light" data-testid="answered-version">
            Version {row.version}
          </Badge>
          {latest && latest !== row.version ? (
            <Text size="sm" c="dimmed">
              (the form is now at version {latest}; these answers are shown with the questions of
              version {row.version})
            </Text>
          ) : null}
          <Badge
            variant="light"
            color={
              row.status === "approved" ? "teal" : row.status === "sent_back" ? "orange" : "blue"
            }
          >
            {row.statusLabel}
          </Badge>
        </Group>
        <Text size="sm" mt={4}>
          By {row.person} · {row.submittedLocal}
          {row.vehicleName ? ` · ${row.vehicleName}` : ""} ·{" "}
          <Anchor href={`/forms/completed/${row.id}/pdf`}>Download as PDF</Anchor>
        </Text>
      </div>
      {flags.length ? (
        <Alert color="red" title={`${flags.length} flagged answer${flags.length === 1 ? "" : "s"}`}>
          {flags
            .map((f) => `${f.group ? `${f.group} ${f.item}: ` : ""}${f.label} = ${f.value}`)
            .join(" · ")}
        </Alert>
      ) : null}
      {review ? (
        <Alert color={row.status === "approved" ? "teal" : "orange"} data-testid="review-outcome">
          {row.statusLabel} by {review.by.name} on {review.atLocal}
          {review.comment ? `: ${review.comment}` : "."}
        </Alert>
      ) : null}
      <AnswersView rows={answers} />
      {failed?.errors.form ? (
        <Alert color="orange" data-testid="review-refused">
          {failed.errors.form}
        </Alert>
      ) : null}
      {canReview ? (
        <Paper withBorder p="md">
          <Form method="post">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Review
              </Title>
              <Textarea
                label="Comment (needed to send it back)"
                name="comment"
                defaultValue={failed?.comment ?? ""}
                error={failed?.errors.comment}
                autosize
                minRows={2}
                maxLength={2000}
              />
              <Group>
                <Button type="submit" name="intent" value="approve" color="teal">
                  Approve
                </Button>
                {canSendBack ? (
                  <Button
                    type="submit"
                    name="intent"
                    value="send-back"
                    variant="light"
                    color="orange"
                  >
                    Send back
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : ownSubmission && row.status !== "approved" ? (
        <Text size="sm" c="dimmed">
          You sent this form in yourself, so someone else reviews it.
        </Text>
      ) : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
