import { Alert, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";
import { z } from "zod";
import { requireModule } from "~/services/guard.server";
import {
  endUserSessions,
  listCompanySessions,
  sessionsPage,
} from "~/modules/account/admin-sessions.server";
import { TableToolbar } from "~/components/data-table/toolbar";
import { formatZoned } from "~/lib/zoned-time";
import { logInfo } from "~/services/log.server";

export const meta: MetaFunction = () => [{ title: "Active sessions · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await sessionsPage(await requireModule(request, "account"), new URL(request.url)));
}

const EndSchema = z.object({
  userId: z.coerce.number().int().positive(),
  confirm: z.literal("yes").optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const { user } = (await requireModule(request, "account")).session;
  const parsed = EndSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return json(
      { error: "Choose a user whose sessions to end.", ended: null, confirmFor: null },
      { status: 400 },
    );
  // Another company's user is a 404 already at the confirmation step.
  if (!(await listCompanySessions(user.companyid)).some((s) => s.userId === parsed.data.userId))
    throw new Response("Not found", { status: 404 });
  if (!parsed.data.confirm)
    return json({ error: null, ended: null, confirmFor: parsed.data.userId });
  const ended = await endUserSessions(user.companyid, parsed.data.userId);
  if (ended === 0) throw new Response("Not found", { status: 404 });
  logInfo("access", `admin=${user.username} ended ${ended} sessions of user=${parsed.data.userId}`);
  return json({ error: null, ended, confirmFor: null });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["sessions"][number];
const col = createColumnHelper<Row>();

function sessionColumns(me: number, confirmFor: number | null, busy: boolean, timeZone: string) {
  return [
    col.accessor("name", {
      header: "User",
      cell: ({ row: { original: s } }) => (
        <>
          {s.name}{" "}
          <Text span c="dimmed" size="sm">
            {s.username}
            {s.userId === me ? " (you)" : ""}
          </Text>
        </>
      ),
    }),
    col.accessor("sessions", { header: "Sessions" }),
    col.accessor("lastSeenAt", {
      header: "Last seen",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone, "full"),
    }),
    confirmColumn<Row>({
      id: "end",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      rowKey: (s) => s.userId,
      fields: (s) => ({ userId: s.userId }),
      confirmFor,
      label: "End all sessions",
      question: (s) => `End all ${s.sessions} session(s)?`,
      confirmLabel: "Yes, sign out",
      busy,
      size: "xs",
      variant: "light",
    }),
  ];
}

export default function ActiveSessions() {
  const { sessions, me, q, total, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          Active sessions
        </Title>
        <Text c="dimmed" size="sm">
          Everyone signed in to your company (times in {timeZone}). Ending a user&apos;s sessions
          signs them out on every browser at once.
        </Text>
      </div>
      {result?.ended ? <Alert color="green">Ended {result.ended} session(s).</Alert> : null}
      {result?.error ? <Alert color="red">{result.error}</Alert> : null}
      {total > 0 ? (
        <TableToolbar
          search={{ value: q, label: "Search people", placeholder: "Name or username" }}
        />
      ) : null}
      <DataTable
        data={sessions}
        columns={sessionColumns(me, result?.confirmFor ?? null, busy, timeZone)}
        getRowId={(s) => String(s.userId)}
        label="Active sessions"
        minWidth={640}
        empty={
          <Paper withBorder p="lg">
            <Text>
              {total > 0 ? "No one signed in matches your search." : "No one is signed in."}
            </Text>
          </Paper>
        }
      />
    </Stack>
  );
}
