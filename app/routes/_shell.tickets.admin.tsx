import { Anchor, Badge, Grid, Stack, Text, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import { RaiseTicketForm } from "~/modules/tickets/components/raise-ticket-form";
import { SlaBadge, TicketPanel } from "~/modules/tickets/components/ticket-panel";
import {
  CommentSchema,
  DecisionSchema,
  RaiseTicketSchema,
  UpdateTicketSchema,
} from "~/modules/tickets/ticket-form";
import { STATUS_LABEL, STATUS_VALUES } from "~/modules/tickets/ticket-labels";
import {
  commentOn,
  decideStep,
  moveTicket,
  raiseTicket,
} from "~/modules/tickets/tickets-actions.server";
import { ticketsPage, type TicketRow } from "~/modules/tickets/tickets-page.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Tickets · Tracksmith" }];
const PAGE = "/tickets/admin";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "tickets");
  return json(await ticketsPage(ctx, new URL(request.url)));
}

type ActionData = {
  form: "raise" | "ticket";
  result?: SubmissionResult<string[]>;
  message?: string | null;
  errors?: Record<string, string>;
};

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "tickets");
  const back = (id: number, description: string) =>
    redirectWithToast(`${PAGE}?ticket=${id}`, { type: "success", description });
  const refused = (message: string, errors: Record<string, string> = {}) =>
    json<ActionData>({ form: "ticket", message, errors }, { status: 400 });
  const decision = async (f: FormData, decision: "approve" | "reject") => {
    const id = idOf(f);
    f.set("decision", decision);
    const s = parseForm(f, DecisionSchema);
    if (s.status !== "success") return refused("", firstErrors(s));
    const r = await decideStep(ctx, id, s.value);
    if (!r.ok) return refused(r.message);
    return back(id, decision === "approve" ? "Approved." : "Rejected.");
  };
  return switchIntent(await request.formData(), {
    raise: async (f) => {
      const s = parseForm(f, RaiseTicketSchema);
      if (s.status !== "success")
        return json<ActionData>({ form: "raise", result: s.reply() }, { status: 400 });
      const r = await raiseTicket(ctx, s.value, f);
      if (!r.ok)
        return json<ActionData>(
          { form: "raise", result: s.reply(), message: r.message },
          { status: 400 },
        );
      return back(r.ticket.id, `Ticket #${r.ticket.id} raised.`);
    },
    move: async (f) => {
      const id = idOf(f);
      const s = parseForm(f, UpdateTicketSchema);
      if (s.status !== "success") return refused("Choose a status, a priority and an assignee.");
      const r = await moveTicket(ctx, id, s.value);
      if (!r.ok) return refused(r.message);
      return back(id, `Ticket #${id} saved.`);
    },
    comment: async (f) => {
      const id = idOf(f);
      const s = parseForm(f, CommentSchema);
      if (s.status !== "success") return refused("", firstErrors(s));
      const r = await commentOn(ctx, id, s.value.body);
      if (!r.ok) return refused(r.message);
      return back(id, "Comment added.");
    },
    approve: (f) => decision(f, "approve"),
    reject: (f) => decision(f, "reject"),
  });
}

const col = createColumnHelper<TicketRow>();

function columns(timeZone: string) {
  return [
    col.accessor("id", {
      header: "Ticket",
      cell: ({ row: { original: t } }) => (
        <Anchor component={Link} to={`?ticket=${t.id}`} preventScrollReset>
          #{t.id} {t.title}
        </Anchor>
      ),
    }),
    col.accessor("type", { header: "Type" }),
    col.accessor("statusLabel", {
      header: "Status",
      cell: ({ getValue }) => (
        <Badge variant="light" color="gray" miw="fit-content">
          {getValue()}
        </Badge>
      ),
    }),
    col.accessor("priority", { header: "Priority" }),
    col.accessor("assignee", { header: "Assignee" }),
    col.accessor("sla", { header: "SLA", cell: ({ getValue }) => <SlaBadge state={getValue()} /> }),
    col.accessor("createdAt", {
      header: "Raised",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone, "datetime"),
    }),
  ];
}

/** Tickets (SPEC §2.6 admin): the list with SLA states, one ticket, and raising a new one. */
export default function TicketsAdmin() {
  const d = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>() as ActionData | undefined;
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Tickets
        </Title>
        <Text c="dimmed" size="sm">
          Work raised by staff, with its service levels counted in working hours ({d.timeZone}) and
          its approvals.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: d.can.add ? 8 : 12 }}>
          <Stack gap="sm">
            {d.detail ? (
              <TicketPanel
                d={d.detail}
                timeZone={d.timeZone}
                canEdit={d.can.edit}
                people={d.people}
                message={act?.form === "ticket" ? act.message : null}
                errors={act?.form === "ticket" ? act.errors : undefined}
              />
            ) : null}
            <TableToolbar
              search={{
                value: d.filters.q,
                label: "Search tickets",
                placeholder: "Title or number",
              }}
              filters={[
                {
                  name: "status",
                  label: "Status",
                  value: d.filters.status,
                  options: [
                    { value: "", label: "Any status" },
                    ...STATUS_VALUES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
                  ],
                },
                {
                  name: "type",
                  label: "Type",
                  value: d.filters.type,
                  options: [
                    { value: "", label: "Any type" },
                    ...d.types.map((t) => ({ value: String(t.id), label: t.name })),
                  ],
                },
                {
                  name: "sla",
                  label: "SLA",
                  value: d.filters.sla,
                  options: [
                    { value: "", label: "Any SLA state" },
                    { value: "on_time", label: "On time" },
                    { value: "at_risk", label: "At risk" },
                    { value: "breached", label: "Breached" },
                    { value: "met", label: "Met" },
                  ],
                },
              ]}
            />
            <DataTable
              data={d.rows}
              columns={columns(d.timeZone)}
              getRowId={(t) => String(t.id)}
              label="Tickets"
              testId="tickets"
              empty={d.total === 0 ? "No tickets yet." : "No tickets match these filters."}
            />
          </Stack>
        </Grid.Col>
        {d.can.add ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <RaiseTicketForm types={d.types} result={act?.form === "raise" ? act : undefined} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
