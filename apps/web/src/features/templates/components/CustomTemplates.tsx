import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CustomTemplateEntry } from '@tinkercloud/shared/iot';
import { useRef, useState } from 'react';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { formatDate } from '@/features/iot/model/format-time.ts';
import { ConfirmDialog } from '@/features/lists/components/ConfirmDialog.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import {
  customTemplatesQueryOptions,
  deleteCustomTemplate,
  downloadTemplateArchive,
  importTemplateArchive,
  type TemplatesCtx,
  templateKeys,
} from '../api/templates.ts';
import '../templates.css';

/** Saves a Blob under a file name through a temporary object URL. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const archiveFileName = (name: string) =>
  `${name.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 100) || 'template'}.tino`;

/**
 * The custom templates of the selected space: New (from its things, dashboards and triggers), Upload (a
 * `.tino` archive), and per template its page, Apply, Download and Delete, as the member's role allows.
 */
export function CustomTemplates({
  ctx,
  canWrite,
  canDelete,
}: {
  ctx: TemplatesCtx;
  canWrite: boolean;
  canDelete: boolean;
}) {
  const queryClient = useQueryClient();
  const list = useQuery(customTemplatesQueryOptions(ctx));
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<CustomTemplateEntry | null>(null);
  const refresh = () => readAgain(queryClient, templateKeys.custom(ctx.space));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const imported = await importTemplateArchive(ctx, file);
      await refresh();
      toast.success(`Template ${imported.name} uploaded.`);
    } catch (err) {
      toast.error(networkErrorMessage(err));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const download = async (t: CustomTemplateEntry) => {
    try {
      saveBlob(await downloadTemplateArchive(ctx, t.template_id), archiveFileName(t.name));
    } catch (err) {
      toast.error(networkErrorMessage(err));
    }
  };

  const actions = canWrite && (
    <div className="page-actions">
      <Link to="/templates/new/" className="button">
        New template
      </Link>
      <Button variant="subtle" loading={uploading} onClick={() => fileInput.current?.click()}>
        Upload .tino
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".tino"
        hidden
        aria-label="Template archive"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
    </div>
  );

  return (
    <>
      {actions}
      <AsyncState
        query={list}
        errorTitle="Templates could not be loaded"
        empty={{
          title: 'No templates yet',
          hint: canWrite
            ? 'Make one from your things and dashboards, or upload a .tino archive.'
            : 'Templates made in this space will be listed here.',
        }}
      >
        {(templates) => (
          <ul className="template-grid" aria-label="Custom templates">
            {templates.map((t) => (
              <li key={t.template_id} className="card template-card">
                <h2>
                  <Link to="/templates/$id/" params={{ id: t.template_id }}>
                    {t.name}
                  </Link>
                </h2>
                <p className="muted">Created {formatDate(t.created_at)}</p>
                <div className="template-card-actions">
                  {canWrite && (
                    <Link
                      to="/templates/$id/apply/"
                      params={{ id: t.template_id }}
                      className="button"
                      aria-label={`Apply ${t.name}`}
                    >
                      Apply
                    </Link>
                  )}
                  <Button variant="subtle" onClick={() => download(t)} aria-label={`Download ${t.name}`}>
                    Download
                  </Button>
                  {canDelete && (
                    <Button variant="subtle" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
                      Delete
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </AsyncState>
      {deleting && (
        <ConfirmDialog
          label="Delete template"
          confirmLabel="Delete"
          onClose={() => setDeleting(null)}
          confirm={async () => {
            try {
              await deleteCustomTemplate(ctx, deleting.template_id);
              await refresh();
            } catch (err) {
              toast.error(networkErrorMessage(err));
              throw err;
            }
          }}
        >
          <p>
            Delete <strong>{deleting.name}</strong>? Things and dashboards made from it stay.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
