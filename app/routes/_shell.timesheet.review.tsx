import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DecisionButtons } from "~/components/forms/decision-buttons";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import { PeriodPicker } from "~/modules/timesheets/components/period-picker";
import { StatusBadge } from "~/modules/timesheets/components/status-badge";
import { ReviewSchema } from "~/modules/timesheets/entry-form";
import { review, reviewPage } from "~/modules/timesheets/review.server";
import { entryMinutes, hoursText } from "~/modules/timesheets/week";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Review timesheets · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await reviewPage(ctx, new URL(request.url)));
}

type ActionData = { message?: string; errors?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  const form = await request.formData();
  const url = new URL(request.url);
  for (const k of ["group", "period"]) {
    const v = form.get(k);
    if (typeof v === "string" && v) url.searchParams.set(k, v);
  }
  const decide = async (f: FormData, decision: "approved" | "rejected") => {
    f.set("decision", decision);
    const submission = parseForm(f, ReviewSchema);
    if (submission.status !== "success")
      return json<ActionData>({ errors: firstErrors(submission.reply()) }, { status: 400 });
    const r = await review(ctx, url, submission.value);
    if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
    return redirectWithToast(`${url.pathname}${url.search}`, {
      type: "success",
      description: r.message,
    });
  };
  return switchIntent(form, {
    approve: (f) => decide(f, "approved"),
    reject: (f) => decide(f, "rejected"),
  });
}

/** Review timesheets (SPEC §2.7 review): approve or reject, each entry beside its telematics check. */
export default function ReviewTimesheets() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const keep = d.group && d.period ? { group: String(d.group.id), period: d.period.from } : null;
  const hidden = keep
    ? Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)
    : null;
  const error = act?.message ?? act?.errors?.comment ?? act?.errors?.ids ?? null;
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Review timesheets
        </Title>
        <Text c="dimmed" size="sm">
          Each entry shows what the person&apos;s vehicle did: the span of its trips around the
          shift and the time its positions were inside the entry&apos;s jobsite. Entries differing
          from the clocked hours by more than the margin are flagged.
        </Text>
      </div>
      <PeriodPicker groups={d.groups} group={d.group} periods={d.periods} period={d.period}>
        <NativeSelect
          name="status"
          label="Show"
          defaultValue={d.status}
          data={[
            { value: "submitted", label: "Waiting for review" },
            { value: "all", label: "All entries" },
          ]}
        />
        <TextInput
          name="margin"
          label="Margin (hours)"
          type="number"
          step="0.25"
          min={0.25}
          max={12}
          defaultValue={String(d.margin)}
          w={130}
        />
      </PeriodPicker>
      {d.period?.locked ? (
        <Alert color="gray">This pay period is locked: entries cannot be reviewed.</Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" data-testid="review-error">
          {error}
        </Alert>
      ) : null}
      <Text size="sm">{d.waiting} waiting for review in this period.</Text>
      <Form method="post" id="bulk-review">
        {hidden}
        <Group align="flex-end" gap="sm">
          <TextInput name="comment" label="Comment (needed to reject)" maxLength={500} w={320} />
          <Button type="submit" name="intent" value="approve" loading={busy}>
            Approve selected
          </Button>
          <Button
            type="submit"
            name="intent"
            value="reject"
            color="red"
            variant="light"
            loading={busy}
          >
            Reject selected
          </Button>
        </Group>
      </Form>
      <ScrollArea type="auto">
        <Table striped miw={1100} data-testid="review-entries">
          <Table.Caption>Entries of the pay period</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Select</Table.Th>
              <Table.Th>Person</Table.Th>
              <Table.Th>Shift</Table.Th>
              <Table.Th>Job</Table.Th>
              <Table.Th>Telematics check</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Review</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.entries.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>Nothing to show for this period.</Table.Td>
              </Table.Tr>
            ) : null}
            {d.entries.map((e) => (
              <Table.Tr key={e.id} data-entry={e.id}>
                <Table.Td>
                  {e.status === "submitted" ? (
                    <Checkbox
                      name="ids"
                      value={String(e.id)}
                      form="bulk-review"
                      aria-label={`Select the entry of ${e.person} on ${formatZoned(e.start, d.timeZone, "date")}`}
                    />
                  ) : null}
                </Table.Td>
                <Table.Td>{e.person}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {formatZoned(e.start, d.timeZone, "date")}
                  <br />
                  {formatZoned(e.start, d.timeZone, "time")}–
                  {e.end ? formatZoned(e.end, d.timeZone, "time") : "now"} ·{" "}
                  {hoursText(entryMinutes(e, Date.now()))}
                </Table.Td>
                <Table.Td>
                  {e.jobcode}
                  <Text size="xs" c="dimmed">
                    {e.jobsite}
                    {e.notes ? ` · ${e.notes}` : ""}
                  </Text>
                </Table.Td>
                <Table.Td data-testid="telematics-check">
                  <Text size="sm">{e.check.text}</Text>
                  {e.check.flags.map((f) => (
                    <Badge
                      key={f}
                      color="orange"
                      variant="light"
                      mt={4}
                      style={{ whiteSpace: "normal", height: "auto" }}
                    >
                      {f}
                    </Badge>
                  ))}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={e.status} />
                  {e.review_comment ? (
                    <Text size="xs" c="dimmed">
                      {e.review_comment}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {e.status === "submitted" ? (
                    <Form method="post">
                      {hidden}
                      <input type="hidden" name="ids" value={e.id} />
                      <DecisionButtons refuse="reject" refuseLabel="Reject">
                        <TextInput
                          name="comment"
                          aria-label={`Why reject the entry of ${e.person}`}
                          placeholder="Reason"
                          size="xs"
                          w={140}
                        />
                      </DecisionButtons>
                    </Form>
                  ) : e.reviewed_by ? (
                    <Text size="xs">by {e.reviewed_by}</Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
