import { Grid, Stack, Text, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { attachFile } from "~/modules/tickets/attachments.server";
import { TicketList } from "~/modules/tickets/components/ticket-list";
import { RaiseTicketForm } from "~/modules/tickets/components/raise-ticket-form";
import { TypeEditor } from "~/modules/tickets/components/type-editor";
import { TypeList } from "~/modules/tickets/components/type-list";
import { TicketPanel } from "~/modules/tickets/components/ticket-panel";
import {
  CommentSchema,
  DecisionSchema,
  RaiseTicketSchema,
  UpdateTicketSchema,
} from "~/modules/tickets/ticket-form";
import {
  commentOn,
  decideStep,
  moveTicket,
  raiseTicket,
} from "~/modules/tickets/tickets-actions.server";
import { ticketsPage } from "~/modules/tickets/tickets-page.server";
import {
  draftFromForm,
  parseLayout,
  type DraftErrors,
  type TypeDraft,
} from "~/modules/tickets/type-form";
import {
  layoutDraft,
  removeTicketType,
  saveTicketType,
  typeEditorDraft,
} from "~/modules/tickets/types.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Tickets · Tracksmith" }];
const PAGE = "/tickets/admin";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "tickets");
  const url = new URL(request.url);
  const page = await ticketsPage(ctx, url);
  const typeEditor = page.can.edit
    ? await typeEditorDraft(ctx, url.searchParams.get("edit_type"))
    : null;
  return json({ ...page, typeEditor });
}

type ActionData = {
  form: "raise" | "ticket" | "type";
  result?: SubmissionResult<string[]>;
  message?: string | null;
  errors?: Record<string, string>;
  /** The type editor's draft as posted (or after an add/remove button), keyed to remount it. */
  draft?: TypeDraft;
  rev?: number;
  confirmDelete?: boolean;
  deleteRefused?: string;
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
  const typeReply = (
    draft: TypeDraft,
    errors: DraftErrors = {},
    message: string | null = null,
    status = 200,
  ) => json<ActionData>({ form: "type", draft, errors, message, rev: Date.now() }, { status });
  return switchIntent(await request.formData(), {
    "type-save": async (f) => {
      const draft = draftFromForm(f);
      const r = await saveTicketType(ctx, draft);
      if (!r.ok) return typeReply(draft, r.errors, r.message ?? null, 400);
      return redirectWithToast(`${PAGE}?edit_type=${r.type.id}`, {
        type: "success",
        description: `Ticket type ${r.type.name} ${draft.id === null ? "created" : "saved"}.`,
      });
    },
    "type-layout": async (f) => {
      const op = parseLayout(new URL(request.url).searchParams.get("layout"));
      return typeReply(await layoutDraft(ctx, draftFromForm(f), op));
    },
    "type-delete": async (f) => {
      const id = idOf(f);
      const draft = await typeEditorDraft(ctx, String(id));
      if (f.get("confirm") !== "yes")
        return json<ActionData>({ form: "type", draft: draft!, confirmDelete: true, rev: 0 });
      const r = await removeTicketType(ctx, id);
      if (!r.ok)
        return json<ActionData>(
          { form: "type", draft: draft!, deleteRefused: r.message, rev: 1 },
          { status: 409 },
        );
      return redirectWithToast(PAGE, {
        type: "success",
        description: `Ticket type ${draft!.name} deleted.`,
      });
    },
    attach: async (f) => {
      const id = idOf(f);
      const r = await attachFile(ctx, id, f.get("file"));
      if (!r.ok) return refused("", { file: r.message });
      return back(id, `${r.name} attached.`);
    },
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

/** Tickets (SPEC §2.6 admin): the list with SLA states, one ticket, raising one, and ticket types. */
export default function TicketsAdmin() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const editorDraft = act?.form === "type" && act.draft ? act.draft : d.typeEditor;
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
        <Grid.Col span={{ base: 12, lg: d.can.add || d.can.edit ? 8 : 12 }}>
          <Stack gap="sm">
            {editorDraft ? (
              <TypeEditor
                key={act?.form === "type" ? act.rev : `stored-${editorDraft.id ?? "new"}`}
                draft={editorDraft}
                errors={act?.form === "type" ? (act.errors ?? {}) : {}}
                message={act?.form === "type" ? act.message : null}
                people={d.people}
                confirmDelete={act?.form === "type" && act.confirmDelete === true}
                deleteRefused={act?.form === "type" ? act.deleteRefused : null}
              />
            ) : null}
            {d.detail ? (
              <TicketPanel
                d={d.detail}
                timeZone={d.timeZone}
                canEdit={d.can.edit}
                canAttach={d.can.add || d.can.edit}
                people={d.people}
                message={act?.form === "ticket" ? act.message : null}
                errors={act?.form === "ticket" ? act.errors : undefined}
              />
            ) : null}
            <TicketList d={d} />
          </Stack>
        </Grid.Col>
        {d.can.add || d.can.edit ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              {d.can.add ? (
                <RaiseTicketForm types={d.types} result={act?.form === "raise" ? act : undefined} />
              ) : null}
              {d.can.edit ? (
                <TypeList
                  types={d.types.map((t) => ({ ...t, fields: t.fields.length, steps: t.steps }))}
                />
              ) : null}
            </Stack>
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
