import { Anchor, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FillForm } from "~/modules/forms/components/fill-form";
import { fillPage, submitFill } from "~/modules/forms/fill.server";
import { withoutItem } from "~/modules/forms/fields/answers";
import { ticketForFlaggedSubmission } from "~/modules/tickets/index.server";
import { requireModule } from "~/services/guard.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.form.title ?? "Fill in a form"} · Tracksmith` },
];

const formIdOf = (s: string | undefined) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n <= 0) throw new Response("Not found", { status: 404 });
  return n;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return json({ form: await fillPage(ctx, formIdOf(params.formid)), reference: randomUUID() });
}

type ActionData = {
  values: [string, string][];
  errors: Record<string, string>;
  message: string | null;
  ok?: boolean;
};

/** The answers as typed (files are not kept by a round trip without JavaScript). */
const typedAnswers = (form: FormData) =>
  [...form.entries()]
    .filter((e): e is [string, string] => typeof e[1] === "string")
    .filter(([k]) => k.startsWith("a.") || k.startsWith("n."));

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  const id = formIdOf(params.formid);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "submit");
  // "Add another" without JavaScript: the same answers back, with one more item of that group.
  // "Remove item n" without JavaScript: the same answers back, without that item.
  const remove = /^remove-item:([^:]+):(\d{1,3})$/.exec(intent);
  if (remove)
    return json<ActionData>({
      values: withoutItem(typedAnswers(form), remove[1]!, Number(remove[2])),
      errors: {},
      message: null,
    });
  if (intent.startsWith("add-item:")) {
    const group = intent.slice("add-item:".length);
    const values = typedAnswers(form).map(([k, v]): [string, string] =>
      k === `n.${group}` ? [k, String(Number(v) + 1)] : [k, v],
    );
    return json<ActionData>({ values, errors: {}, message: null });
  }
  const r = await submitFill(ctx, id, form);
  if (!r.ok)
    return json<ActionData>(
      { values: r.values, errors: r.errors, message: r.message ?? null },
      { status: 422 },
    );
  // Here, not in the forms module: tickets reads submissions through forms, so forms must not
  // call tickets back. It never fails the submission.
  await ticketForFlaggedSubmission(ctx, r.id);
  if (form.get("queued") === "1")
    return json<ActionData>({ values: [], errors: {}, message: null, ok: true });
  return redirectWithToast("/forms/selection", {
    type: "success",
    description: `Thank you: your answers to ${r.title} were sent.`,
  });
}

export default function FillRoute() {
  const { form, reference } = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>();
  return (
    <Stack gap="md" maw={760}>
      <div>
        <Anchor component={Link} to="/forms/selection" size="sm">
          ← Forms to fill in
        </Anchor>
        <Title order={1} size="h2">
          {form.title}
        </Title>
        <Text c="dimmed" size="sm">
          Version {form.version}
        </Text>
        {form.description ? <Text>{form.description}</Text> : null}
      </div>
      <FillForm
        key={`${form.id}:${form.version}`}
        form={form}
        initial={act ? act.values : null}
        errors={act?.errors ?? {}}
        message={act?.message ?? null}
        reference={reference}
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
