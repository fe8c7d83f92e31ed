import { Grid, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { DelegationSchema } from "~/modules/tickets/approval-form";
import {
  addDelegation,
  approvalsPage,
  endDelegation,
} from "~/modules/tickets/approvals-page.server";
import { DecidedTable, WaitingList } from "~/modules/tickets/components/approvals-lists";
import { Delegations } from "~/modules/tickets/components/delegations";
import { DecisionSchema } from "~/modules/tickets/ticket-form";
import { decideStep } from "~/modules/tickets/tickets-actions.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Ticket approvals · Tracksmith" }];
const PAGE = "/tickets/approvals";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "tickets");
  return json(await approvalsPage(ctx));
}

type ActionData =
  | {
      form: "decision";
      key: string;
      message: string;
      errors: Record<string, string>;
      comment: string;
    }
  | { form: "delegation"; errors: Record<string, string>; values: Record<string, string> };

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "tickets");
  const decision = async (f: FormData, decision: "approve" | "reject") => {
    const id = idOf(f);
    f.set("decision", decision);
    const refused = (message: string, errors: Record<string, string> = {}) =>
      json<ActionData>(
        {
          form: "decision",
          key: `${id}:${String(f.get("step_id") ?? "")}`,
          message,
          errors,
          comment: String(f.get("comment") ?? ""),
        },
        { status: 400 },
      );
    const s = parseForm(f, DecisionSchema);
    if (s.status !== "success") return refused("", firstErrors(s));
    const r = await decideStep(ctx, id, s.value);
    if (!r.ok) return refused(r.message);
    return redirectWithToast(PAGE, {
      type: "success",
      description: `Ticket #${id} ${decision === "approve" ? "approved" : "rejected"}.`,
    });
  };
  return switchIntent(await request.formData(), {
    approve: (f) => decision(f, "approve"),
    reject: (f) => decision(f, "reject"),
    delegate: async (f) => {
      const values = Object.fromEntries(
        ["to", "start", "end"].map((k) => [k, String(f.get(k) ?? "")]),
      );
      const s = parseForm(f, DelegationSchema);
      if (s.status !== "success")
        return json<ActionData>(
          { form: "delegation", errors: firstErrors(s), values },
          { status: 400 },
        );
      const r = await addDelegation(ctx, s.value);
      if (!r.ok)
        return json<ActionData>({ form: "delegation", errors: r.errors, values }, { status: 400 });
      return redirectWithToast(PAGE, { type: "success", description: "Stand-in added." });
    },
    "end-delegation": async (f) => {
      await endDelegation(ctx, idOf(f));
      return redirectWithToast(PAGE, { type: "success", description: "Stand-in ended." });
    },
  });
}

/** Ticket approvals (SPEC §2.6 approvals): my approvals, what I decided, and my stand-ins. */
export default function TicketApprovals() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Ticket approvals
        </Title>
        <Text c="dimmed" size="sm">
          Steps waiting for you (or for someone you stand in for), what you decided, and who stands
          in for you. Times in {d.timeZone}.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              Waiting for me
            </Title>
            <WaitingList
              rows={d.waiting}
              timeZone={d.timeZone}
              refused={act?.form === "decision" ? act : undefined}
            />
            <DecidedTable rows={d.decided} timeZone={d.timeZone} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Delegations
            mine={d.mine}
            standingIn={d.standingIn}
            people={d.people}
            today={d.today}
            refused={act?.form === "delegation" ? act : undefined}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
