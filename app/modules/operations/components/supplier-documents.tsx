import {
  Anchor,
  Button,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { formatZoned } from "~/lib/zoned-time";
import { DOCUMENT_ACCEPT, DOCUMENT_LIMIT_TEXT } from "../supplier-documents";

type Doc = { id: number; name: string; content_type: string; size: number; uploaded_at: string };

const sizeText = (n: number) =>
  n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(n / 1024))} kB`;

/** A supplier's documents: upload (multipart, works without JavaScript), download, delete after confirming. */
export function SupplierDocuments({
  supplier,
  documents,
  confirmFor,
  busy,
  timeZone,
}: {
  supplier: { id: number; name: string };
  documents: Doc[];
  confirmFor?: number;
  busy: boolean;
  timeZone: string;
}) {
  const base = `/dashboard/suppliers/${supplier.id}/documents`;
  return (
    <Paper withBorder p="md" data-testid="supplier-documents">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Documents of {supplier.name}
        </Title>
        {documents.length ? (
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {documents.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Anchor href={`${base}/${d.id}`} download={d.name}>
                        {d.name}
                      </Anchor>{" "}
                      <Text span size="xs" c="dimmed">
                        ({sizeText(d.size)})
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatZoned(d.uploaded_at, timeZone, "full")}</Table.Td>
                    <Table.Td>
                      <ConfirmForm
                        fields={{ intent: "delete-document", id: supplier.id, document: d.id }}
                        confirming={confirmFor === d.id}
                        label="Delete"
                        question={`Delete ${d.name}?`}
                        confirmLabel="Yes, delete"
                        busy={busy}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No documents yet.
          </Text>
        )}
        <Form
          method="post"
          action={base}
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
            />
            <Button type="submit" w="fit-content" variant="light">
              Upload
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Paper>
  );
}
