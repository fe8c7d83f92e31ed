import { Anchor, Button, Group, Image, Paper, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Form } from "@remix-run/react";
import { DataTable, createColumnHelper, type DataTableColumn } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";
import { CompanyTime } from "~/components/company-time";
import { WIKI_FILE_ACCEPT } from "../rules";
import type { WikiActionData } from "../schemas";

export type WikiFileRow = {
  id: number;
  name: string;
  content_type: string;
  preview: boolean;
  sizeText: string;
  uploaded_at: string;
  uploaded_by: string;
};

const col = createColumnHelper<WikiFileRow>();

function columns(base: string, canDelete: boolean, a?: WikiActionData) {
  const href = (f: WikiFileRow) => `${base}/wiki/files/${f.id}`;
  const list: DataTableColumn<WikiFileRow>[] = [
    col.display({
      id: "file",
      header: "File",
      cell: ({ row: { original: f } }) => (
        <Stack gap={4}>
          {f.content_type.startsWith("image/") ? (
            <Image src={href(f)} alt={`Preview of ${f.name}`} maw={160} radius="sm" />
          ) : null}
          {f.preview ? (
            <Anchor href={href(f)} target="_blank">
              {f.name}
            </Anchor>
          ) : (
            <Text>{f.name}</Text>
          )}
        </Stack>
      ),
    }),
    col.accessor("sizeText", { header: "Size" }),
    col.display({
      id: "uploaded",
      header: "Uploaded",
      cell: ({ row: { original: f } }) => (
        <>
          <CompanyTime at={f.uploaded_at} kind="datetime" /> · {f.uploaded_by}
        </>
      ),
    }),
    confirmColumn<WikiFileRow>({
      // The wiki's action names what it asks to confirm by intent and id.
      rowKey: (f) => `delete-file:${f.id}`,
      fields: (f) => ({ intent: "delete-file", id: f.id }),
      confirmFor: a?.confirmFor,
      canConfirm: () => canDelete,
      label: (f) => `Delete ${f.name}`,
      question: () => "Delete this file?",
      before: (f) => (
        <Anchor href={`${href(f)}?download=1`} download>
          Download <VisuallyHidden component="span">{f.name}</VisuallyHidden>
        </Anchor>
      ),
    }),
  ];
  return list;
}

/** A folder's files: preview, download, delete (confirmed), and the upload form. */
export function WikiFiles({
  base,
  folderId,
  files,
  canUpload,
  canDelete,
  limitText,
  a,
}: {
  base: string;
  folderId: number;
  files: WikiFileRow[];
  canUpload: boolean;
  canDelete: boolean;
  limitText: string;
  a?: WikiActionData;
}) {
  return (
    <Stack gap="sm">
      <DataTable
        data={files}
        columns={columns(base, canDelete, a)}
        getRowId={(f) => String(f.id)}
        rowProps={(f) => ({ "data-file": f.name })}
        testId="wiki-files"
        label="Files"
        empty="No files yet."
        minWidth={600}
      />
      {canUpload ? (
        <Paper withBorder p="md">
          {/* A plain multipart post, streamed by the server: works without JavaScript. */}
          <Form
            method="post"
            action={`${base}/wiki/upload?folder=${folderId}`}
            encType="multipart/form-data"
            reloadDocument
            data-testid="wiki-upload"
          >
            <Stack gap="xs">
              <label htmlFor="wiki-file">
                <Text fw={600}>Upload a file (drop it on the field or choose one)</Text>
              </label>
              <input id="wiki-file" type="file" name="file" accept={WIKI_FILE_ACCEPT} required />
              <Text size="sm" c="dimmed">
                At most {limitText}: PDF, images, text, CSV, Word, Excel, OpenDocument or ZIP.
              </Text>
              <Group>
                <Button type="submit">Upload</Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : null}
    </Stack>
  );
}
