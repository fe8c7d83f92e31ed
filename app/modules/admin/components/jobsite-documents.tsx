import { Paper } from "@mantine/core";
import { useNavigation } from "@remix-run/react";
import { DocumentsList, type ListedDocument } from "~/components/documents-list";

/** A jobsite's documents tab: the shared documents list at the jobsite's URLs. */
export function JobsiteDocuments({
  site,
  documents,
  canEdit,
  confirmFor,
  uploadError,
}: {
  site: { id: number; name: string };
  documents: ListedDocument[];
  canEdit: boolean;
  confirmFor?: number;
  uploadError: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  const base = `/admin/jobsite/${site.id}/files`;
  return (
    <Paper withBorder p="md" data-testid="jobsite-documents">
      <DocumentsList
        title={`Documents of ${site.name}`}
        documents={documents}
        uploadUrl={base}
        downloadUrl={(id) => `${base}/${id}`}
        deleteFields={(id) => ({ intent: "delete-document", document: id })}
        confirmFor={confirmFor}
        canEdit={canEdit}
        busy={busy}
        uploadError={uploadError ?? undefined}
      />
    </Paper>
  );
}
