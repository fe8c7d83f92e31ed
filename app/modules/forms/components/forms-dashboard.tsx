import type { ActionResult } from "~/lib/action-result";
import type { formsDashboardAction } from "../forms-page.server";
import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ShareLinkRows } from "~/components/share-links";
import { FormLinkCreate } from "./form-link-create";
import { FormSubmissionsTable, type SubmissionRow } from "./form-submissions-table";

type FormSummary = {
  id: number;
  title: string;
  description: string;
  questions: number;
  unshareable: string | null;
};
type LinkRow = {
  id: string;
  formId: number;
  title: string;
  label: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
  submissions: number;
};

export type FormsDashboardData = {
  forms: FormSummary[] | null;
  formsError: string | null;
  links: LinkRow[];
  submissions: SubmissionRow[];
  filter: { id: string; label: string; title: string } | null;
  created: string | null;
  done: string | null;
  canManage: boolean;
  durations: { minutes: number; label: string }[];
  baseUrl: string;
};

/** The action's answers, and the route wrapper's (NotSaved) to any of its forms. */
export type FormsDashboardResult = ActionResult<typeof formsDashboardAction> | undefined;

type FormGroup = {
  id: number;
  title: string;
  description: string;
  questions: number | null;
  unshareable: string | null;
  listed: boolean;
};

/** The upstream's forms, plus any form that has links but is not listed now (upstream down, or the form was removed). */
function groupsOf(forms: FormSummary[] | null, links: LinkRow[]): FormGroup[] {
  const groups: FormGroup[] = (forms ?? []).map((f) => ({ ...f, listed: true }));
  for (const l of links) {
    if (!groups.some((g) => g.id === l.formId))
      groups.push({
        id: l.formId,
        title: l.title,
        description: "",
        questions: null,
        unshareable: null,
        listed: false,
      });
  }
  return groups;
}

export function FormsDashboard({
  data,
  result,
}: {
  data: FormsDashboardData;
  result: FormsDashboardResult;
}) {
  const confirmFor = result && "confirmFor" in result ? result.confirmFor : null;
  const url = (l: Pick<LinkRow, "id">) => `${data.baseUrl}/forms/${l.id}`;
  const groups = groupsOf(data.forms, data.links);
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Forms Dashboard
        </Title>
        <Text c="dimmed" size="sm">
          A fill-in link lets anyone you give it to fill in one of your forms without signing in: a
          QR code at the depot, a link for a subcontractor. It works as often as needed until it
          expires or you revoke it; the answers arrive here and are sent on to your forms.
        </Text>
      </div>
      {data.created ? (
        <Alert color="green" variant="light" role="status" data-testid="form-link-created">
          Link created: <code style={{ wordBreak: "break-all" }}>{url({ id: data.created })}</code>.
          Copy it and pass it on.
        </Alert>
      ) : null}
      {data.done === "revoked" ? (
        <Alert color="green" variant="light" role="status">
          Link revoked: it no longer opens the form.
        </Alert>
      ) : null}
      {result?.intent === "error" ? <Alert color="red">{result.message}</Alert> : null}
      {data.formsError ? (
        <Alert color="yellow" variant="light" data-testid="forms-upstream-down">
          {data.formsError}
        </Alert>
      ) : null}
      {data.forms && data.forms.length === 0 ? (
        <Text c="dimmed">Your company has no forms yet.</Text>
      ) : null}
      {groups.map((g) => {
        const links = data.links.filter((l) => l.formId === g.id);
        const lastResult =
          result && "reply" in result && result.formId === g.id ? result.reply : undefined;
        return (
          <Paper withBorder p="md" key={g.id} data-testid="form-card" data-form-id={g.id}>
            <Stack gap="sm">
              <div>
                <Group gap="xs">
                  <Title order={2} size="h4">
                    {g.title}
                  </Title>
                  {g.questions !== null ? (
                    <Badge variant="light" color="gray" tt="none">
                      {g.questions} question{g.questions === 1 ? "" : "s"}
                    </Badge>
                  ) : null}
                </Group>
                {g.description ? (
                  <Text size="sm" c="dimmed">
                    {g.description}
                  </Text>
                ) : null}
              </div>
              {!g.listed && data.forms ? (
                <Text size="sm" c="dimmed">
                  The forms service no longer offers this form; its links work until they expire.
                </Text>
              ) : null}
              {g.listed && data.canManage ? (
                g.unshareable ? (
                  <Text size="sm" c="dimmed">
                    {g.unshareable}
                  </Text>
                ) : (
                  <FormLinkCreate
                    key={data.created ?? "new"}
                    formId={g.id}
                    durations={data.durations}
                    lastResult={lastResult}
                  />
                )
              ) : null}
              <ShareLinkRows
                links={links}
                href={url}
                shown={url}
                hidden="/forms/…"
                empty="No fill-in links yet."
                testid="form-link"
                copy
                confirmFor={confirmFor}
                revokeIntent="link-revoke"
                canRevoke={data.canManage}
                label={(l) => <strong>{l.label}</strong>}
                qr={(l) => `${g.title} ${l.label}`}
                extra={(l) => (
                  <Anchor
                    component={Link}
                    to={`?link=${encodeURIComponent(l.id)}#answers`}
                    size="sm"
                    data-testid="form-link-answers"
                  >
                    {l.submissions} answer{l.submissions === 1 ? "" : "s"}
                  </Anchor>
                )}
              />
            </Stack>
          </Paper>
        );
      })}
      <Paper withBorder p="md" id="answers">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {data.filter
                ? `Answers through “${data.filter.label}” (${data.filter.title})`
                : "Latest answers"}
            </Title>
            {data.filter ? (
              <Anchor component={Link} to="?" size="sm">
                Show all answers
              </Anchor>
            ) : null}
          </Group>
          <FormSubmissionsTable
            rows={data.submissions}
            canRetry={data.canManage}
            message={
              result?.intent === "submission-retry" && result.id
                ? { id: result.id, text: result.message }
                : undefined
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
