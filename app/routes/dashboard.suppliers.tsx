import { Alert, Anchor, Badge, Grid, Stack, Text, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { SupplierFormCard } from "~/modules/operations/components/supplier-form";
import { SupplierDocuments } from "~/modules/operations/components/supplier-documents";
import { companyDocument, removeDocument } from "~/modules/operations/supplier-documents.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { KIND_LABELS, SUPPLIER_KINDS, SupplierSchema } from "~/modules/operations/supplier-form";
import { removeSupplier, saveSupplier, suppliersPage } from "~/modules/operations/suppliers.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Suppliers · Tracksmith" }];
const PAGE = "/dashboard/suppliers";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const [page, timeZone] = await Promise.all([
    suppliersPage(ctx, new URL(request.url)),
    companyTimeZone(ctx.auth),
  ]);
  return json({ ...page, timeZone });
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  message?: string | null;
  confirmFor?: number;
  confirmDocument?: number;
  refused?: { id: number; message: string };
};

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const save = async (form: FormData, id: number | null) => {
    const submission = parseForm(form, SupplierSchema);
    if (submission.status !== "success")
      return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
    const r = await saveSupplier(ctx, id, submission.value);
    if (!r.ok)
      return json<ActionData>({ result: submission.reply(), message: r.message }, { status: 400 });
    return redirectWithToast(PAGE, {
      type: "success",
      description: id === null ? `Supplier ${r.value.name} created.` : `${r.value.name} saved.`,
    });
  };
  return switchIntent(await request.formData(), {
    create: (f) => save(f, null),
    update: (f) => save(f, idOf(f)),
    delete: async (f) => {
      const id = idOf(f);
      if (f.get("confirm") !== "yes") return json<ActionData>({ confirmFor: id });
      const r = await removeSupplier(ctx, id);
      if (!r.ok) return json<ActionData>({ refused: { id, message: r.message } }, { status: 409 });
      return redirectWithToast(PAGE, { type: "success", description: "Supplier deleted." });
    },
    "delete-document": async (f) => {
      const id = idOf(f);
      const doc = Number(f.get("document"));
      if (!Number.isInteger(doc) || doc <= 0) throw new Response("Not found", { status: 404 });
      if (f.get("confirm") !== "yes") {
        await companyDocument(ctx, id, doc); // a foreign document is a 404 before anything is asked
        return json<ActionData>({ confirmDocument: doc });
      }
      const gone = await removeDocument(ctx, id, doc);
      return redirectWithToast(`${PAGE}?edit=${id}`, {
        type: "success",
        description: `${gone.name} deleted.`,
      });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["suppliers"][number];
const col = createColumnHelper<Row>();

function columns(canManage: boolean, act: ActionData | undefined, busy: boolean) {
  return [
    col.accessor("name", {
      header: "Name",
      cell: ({ row: { original: s } }) =>
        canManage ? (
          <Anchor component={Link} to={`?edit=${s.id}`}>
            {s.name}
          </Anchor>
        ) : (
          s.name
        ),
    }),
    col.accessor("kind", {
      header: "Kind",
      cell: ({ getValue }) => (
        <Badge variant="light" miw="fit-content">
          {KIND_LABELS[getValue()]}
        </Badge>
      ),
    }),
    col.display({
      id: "contact",
      header: "Contact",
      cell: ({ row: { original: s } }) =>
        s.contacts.map((c) => [c.name, c.phone, c.email].filter(Boolean).join(" · ")).join("; "),
    }),
    col.accessor("tax_id", { header: "ABN / tax id" }),
    col.accessor("contracts", { header: "Hire contracts" }),
    ...(canManage
      ? [
          confirmColumn<Row>({
            rowKey: (s) => s.id,
            confirmFor: act?.confirmFor,
            question: (s) => `Delete ${s.name}?`,
            busy,
          }),
        ]
      : []),
  ];
}

/** Suppliers (SPEC §2.3): plant hire, concrete, parts and service suppliers and their contacts. */
export default function Suppliers() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Suppliers
        </Title>
        <Text c="dimmed" size="sm">
          Who you hire plant from and buy concrete, parts and services from. A supplier named on a
          hire contract cannot be deleted.
        </Text>
      </div>
      {act?.refused ? (
        <Alert color="red" role="alert" title="Not deleted" data-testid="supplier-refused">
          {act.refused.message}.
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: data.canManage ? 8 : 12 }}>
          <Stack gap="sm">
            {data.total > 0 ? (
              <TableToolbar
                search={{
                  value: data.q,
                  label: "Search suppliers",
                  placeholder: "Name, contact or tax id",
                }}
                filters={[
                  {
                    name: "kind",
                    label: "Kind",
                    value: data.kind ?? "",
                    options: [
                      { value: "", label: "Every kind" },
                      ...SUPPLIER_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
                    ],
                  },
                ]}
              />
            ) : null}
            <DataTable
              data={data.suppliers}
              columns={columns(data.canManage, act, busy)}
              getRowId={(s) => String(s.id)}
              label="Suppliers"
              testId="suppliers"
              minWidth={820}
              empty={data.total > 0 ? "No supplier matches your search." : "No suppliers yet."}
            />
          </Stack>
        </Grid.Col>
        {data.canManage ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <SupplierFormCard editing={data.editing} result={act} newKind={data.kind} />
              {data.editing ? (
                <SupplierDocuments
                  supplier={data.editing}
                  documents={data.documents}
                  confirmFor={act?.confirmDocument}
                  busy={busy}
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
