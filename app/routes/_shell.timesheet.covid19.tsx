import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import {
  addDeclarationQuestion,
  covidPage,
  declareFromForm,
  retireDeclarationQuestion,
} from "~/modules/timesheets/covid.server";
import { DeclarationQuestions } from "~/modules/timesheets/components/declaration-questions";
import { QuestionSchema } from "~/modules/timesheets/leave-form";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Site declarations · Tracksmith" }];
const PAGE = "/timesheet/covid19";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await covidPage(ctx, new URL(request.url)));
}

type ActionData = {
  form?: "declare" | "question";
  message?: string | null;
  missing?: number[];
  values?: Record<string, string>;
  errors?: Record<string, string>;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return switchIntent(await request.formData(), {
    declare: async (f) => {
      const values = Object.fromEntries(
        [...f.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
      );
      const r = await declareFromForm(ctx, f, null);
      if (!r.ok)
        return json<ActionData>(
          { form: "declare", message: r.message, missing: r.missing, values },
          { status: 400 },
        );
      return redirectWithToast(PAGE, {
        type: r.value.flagged ? "info" : "success",
        description: r.value.flagged
          ? "Declaration recorded. An answer needs attention: your reviewer has been told."
          : "Declaration recorded. Thank you.",
      });
    },
    "add-question": async (f) => {
      const submission = parseForm(f, QuestionSchema);
      const values = {
        text: String(f.get("text") ?? ""),
        attention_answer: String(f.get("attention_answer") ?? ""),
      };
      if (submission.status !== "success")
        return json<ActionData>(
          { form: "question", errors: firstErrors(submission.reply()), values },
          { status: 400 },
        );
      const r = await addDeclarationQuestion(
        ctx,
        submission.value.text,
        submission.value.attention_answer,
      );
      if (!r.ok)
        return json<ActionData>({ form: "question", message: r.message, values }, { status: 400 });
      return redirectWithToast(PAGE, { type: "success", description: "Question added." });
    },
    "retire-question": async (f) => {
      const id = Number(f.get("id"));
      if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
      await retireDeclarationQuestion(ctx, id);
      return redirectWithToast(PAGE, { type: "success", description: "Question no longer asked." });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
const col = createColumnHelper<Data["declarations"][number]>();

/** Site declarations (SPEC §2.7 covid19): today's answers, the register and the questions. */
export default function Covid19() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const { search } = useLocation();
  const active = data.questions.filter((q) => q.active);
  const at = (iso: string) => formatZoned(iso, data.timeZone);
  const typed = act?.form === "declare" ? act.values : undefined;
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Site declarations
        </Title>
        <Text c="dimmed" size="sm">
          Health questions answered before a shift. An answer that needs attention is flagged and
          your reviewer is told.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <Form method="post" data-testid="declaration-form" key={JSON.stringify(typed ?? {})}>
              <input type="hidden" name="intent" value="declare" />
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {data.declaredToday ? "Declare again" : "Today's declaration"}
                </Title>
                {act?.form === "declare" && act.message ? (
                  <Alert color="red" role="alert">
                    {act.message}
                  </Alert>
                ) : null}
                {active.length === 0 ? (
                  <Text size="sm">Your company asks no questions.</Text>
                ) : null}
                {active.map((q) => (
                  <Radio.Group
                    key={q.id}
                    name={`q${q.id}`}
                    label={q.text}
                    defaultValue={typed?.[`q${q.id}`]}
                    error={act?.missing?.includes(q.id) ? "Answer yes or no" : undefined}
                  >
                    <Group gap="md" mt={4}>
                      <Radio value="yes" label="Yes" />
                      <Radio value="no" label="No" />
                    </Group>
                  </Radio.Group>
                ))}
                <NativeSelect
                  name="jobsite_id"
                  label="Jobsite"
                  defaultValue={typed?.jobsite_id ?? ""}
                  data={[{ value: "", label: "No jobsite" }, ...data.jobsites]}
                />
                <Group>
                  <Button type="submit" disabled={active.length === 0}>
                    Send declaration
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Paper>
          {data.canManage ? <DeclarationQuestions questions={data.questions} act={act} /> : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {data.reviewer ? "Register" : "My declarations"}
            </Title>
            <Form method="get">
              <Group align="end" gap="sm">
                <TextInput type="date" name="from" label="From" defaultValue={data.from} />
                <TextInput type="date" name="to" label="To" defaultValue={data.to} />
                <Checkbox
                  name="flagged"
                  value="1"
                  label="Needing attention only"
                  defaultChecked={data.flagged}
                  mb={8}
                />
                <Button type="submit" variant="default">
                  Show
                </Button>
                {data.reviewer ? (
                  <Anchor href={`/timesheet/covid19/register.csv${search}`} mb={8}>
                    Export CSV
                  </Anchor>
                ) : null}
              </Group>
            </Form>
            <DataTable
              data={data.declarations}
              getRowId={(d) => String(d.id)}
              rowProps={(d) => ({ "data-flagged": d.flagged })}
              label="Site declarations"
              focusableScroll
              testId="declarations"
              minWidth={720}
              empty="No declarations in that time."
              columns={[
                col.accessor("answered_at", {
                  header: "Answered",
                  meta: { nowrap: true },
                  cell: ({ getValue }) => at(getValue()),
                }),
                col.display({
                  id: "person",
                  header: "Person",
                  cell: ({ row: { original: d } }) =>
                    `${d.accounts.first_name} ${d.accounts.last_name}`,
                }),
                col.accessor("jobsite_name", {
                  header: "Jobsite",
                  cell: ({ getValue }) => getValue() ?? "—",
                }),
                col.accessor("flagged", {
                  header: "Result",
                  cell: ({ getValue }) =>
                    getValue() ? (
                      <Badge color="red.9" miw="fit-content">
                        Needs attention
                      </Badge>
                    ) : (
                      <Badge color="green.9" miw="fit-content">
                        Clear
                      </Badge>
                    ),
                }),
                col.display({
                  id: "answers",
                  header: "Answers",
                  cell: ({ row: { original: d } }) =>
                    d.answers
                      .filter((a) => a.flagged)
                      .map((a) => `${a.text} ${a.answer}`)
                      .join("; ") || "All clear",
                }),
              ]}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
