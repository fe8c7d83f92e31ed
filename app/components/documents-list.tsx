import { Anchor, Button, Stack, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { Form } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";
import { DOCUMENT_ACCEPT, DOCUMENT_LIMIT_TEXT, documentSizeText } from "~/lib/documents";

export type ListedDocument = {
  id: number;
  name: string;
  size: number;
  uploaded_at: string;
  uploaded_by?: string;
};

const col = createColumnHelper<ListedDocument>();

type Deleting = {
  deleteFields: (id: number) => Record<string, string | number>;
  confirmFor?: number;
  busy: boolean;
};

function columns(downloadUrl: (id: number) => string, deleting: Deleting | false) {
  return [
    col.accessor("name", {
      header: "Document",
      cell: ({ row: { original: d } }) => (
        <Anchor href={downloadUrl(d.id)} download={d.name}>
          {d.name}
        </Anchor>
      ),
    }),
    col.accessor("size", { header: "Size", cell: ({ getValue }) => documentSizeText(getValue()) }),
    col.accessor("uploaded_at", {
      header: "Added",
      cell: ({ row: { original: d } }) => (
        <>
          <CompanyTime at={d.uploaded_at} kind="datetime" />
          {d.uploaded_by ? ` by ${d.uploaded_by}` : ""}
        </>
      ),
    }),
    ...(deleting
      ? [
          confirmColumn<ListedDocument>({
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            rowKey: (d) => d.id,
            fields: (d) => deleting.deleteFields(d.id),
            confirmFor: deleting.confirmFor,
            question: (d) => `Delete ${d.name}?`,
            busy: deleting.busy,
          }),
        ]
      : []),
  ];
}

/**
 * An owner's documents (a jobsite's, …): a table (name, size, added when and by whom), download
 * links, delete after confirming, and an upload form; all plain forms that work without JavaScript.
 * The owner gives its URLs: `uploadUrl` takes the multipart POST, `downloadUrl(id)` a document.
 */
export function DocumentsList({
  title,
  documents,
  uploadUrl,
  downloadUrl,
  deleteFields,
  confirmFor,
  canEdit,
  busy = false,
  uploadError,
}: {
  title: string;
  documents: ListedDocument[];
  uploadUrl: string;
  downloadUrl: (id: number) => string;
  /** The hidden fields of a document's delete form (its intent and ids). */
  deleteFields: (id: number) => Record<string, string | number>;
  confirmFor?: number;
  canEdit: boolean;
  busy?: boolean;
  uploadError?: string;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      <DataTable
        data={documents}
        columns={columns(downloadUrl, canEdit && { deleteFields, confirmFor, busy })}
        getRowId={(d) => String(d.id)}
        label={title}
        minWidth={360}
        striped={false}
        highlightOnHover={false}
        empty={<Text size="sm">No documents yet.</Text>}
      />
      {canEdit ? (
        <Form
          method="post"
          action={uploadUrl}
          encType="multipart/form-data"
          reloadDocument
          data-testid="document-upload"
        >
          <Stack gap="xs">
            <TextInput
              type="file"
              name="document"
              label="Add a document"
              description={`PDF, JPEG or PNG, at most ${DOCUMENT_LIMIT_TEXT}`}
              accept={DOCUMENT_ACCEPT}
              error={uploadError}
              required
            />
            <Button type="submit" w="fit-content" variant="light">
              Upload
            </Button>
          </Stack>
        </Form>
      ) : null}
    </Stack>
  );
}
