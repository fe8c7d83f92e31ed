import { Paper } from "@mantine/core";
import { DocumentsList, type ListedDocument } from "~/components/documents-list";

/** A supplier's documents: the shared documents list at the supplier's URLs. */
export function SupplierDocuments({
  supplier,
  documents,
  confirmFor,
  busy,
}: {
  supplier: { id: number; name: string };
  documents: ListedDocument[];
  confirmFor?: number;
  busy: boolean;
}) {
  const base = `/dashboard/suppliers/${supplier.id}/documents`;
  return (
    <Paper withBorder p="md" data-testid="supplier-documents">
      <DocumentsList
        title={`Documents of ${supplier.name}`}
        documents={documents}
        uploadUrl={base}
        downloadUrl={(id) => `${base}/${id}`}
        deleteFields={(id) => ({ intent: "delete-document", id: supplier.id, document: id })}
        confirmFor={confirmFor}
        canEdit
        busy={busy}
      />
    </Paper>
  );
}
