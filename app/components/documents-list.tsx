import {
  Anchor,
  Button,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { ConfirmForm } from "~/components/confirm-form";
import { DOCUMENT_ACCEPT, DOCUMENT_LIMIT_TEXT, documentSizeText } from "~/lib/documents";

export type ListedDocument = {
  id: number;
  name: string;
  size: number;
  uploaded_at: string;
  uploaded_by?: string;
};

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
      {documents.length ? (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Added</Table.Th>
                {canEdit ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor href={downloadUrl(d.id)} download={d.name}>
                      {d.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{documentSizeText(d.size)}</Table.Td>
                  <Table.Td>
                    <CompanyTime at={d.uploaded_at} kind="datetime" />
                    {d.uploaded_by ? ` by ${d.uploaded_by}` : ""}
                  </Table.Td>
                  {canEdit ? (
                    <Table.Td>
                      <ConfirmForm
                        fields={deleteFields(d.id)}
                        confirming={confirmFor === d.id}
                        label="Delete"
                        question={`Delete ${d.name}?`}
                        confirmLabel="Yes, delete"
                        busy={busy}
                      />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">No documents yet.</Text>
      )}
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
