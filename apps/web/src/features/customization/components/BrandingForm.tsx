import { useQueryClient } from '@tanstack/react-query';
import type { Space } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { type Branding, brandingQueryOptions, updateBranding } from '../api/customization.ts';

export const BRANDING_UPDATED = 'Branding updated';

/** The policy address and custom terms of a team space; empty fields clear them. */
export function BrandingForm({
  space,
  branding,
  canEdit,
}: {
  space: Space;
  branding: Branding | null;
  canEdit: boolean;
}) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [policyUrl, setPolicyUrl] = useState(branding?.policy_url ?? '');
  const [customTos, setCustomTos] = useState(branding?.custom_tos ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await updateBranding(api, config, space.id, {
        policy_url: policyUrl.trim() || null,
        custom_tos: customTos.trim() || null,
      });
      toast.success(BRANDING_UPDATED);
      await readAgain(queryClient, brandingQueryOptions(api, config, space.id).queryKey);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" aria-label="Branding" onSubmit={(event) => void submit(event)}>
      <Field
        label="Privacy policy address"
        hint="Shown instead of ours in the Privacy, Terms &amp; Security dialog."
      >
        {(control) => (
          <input
            {...control}
            type="url"
            placeholder="https://example.com/privacy"
            value={policyUrl}
            disabled={!canEdit}
            onChange={(event) => setPolicyUrl(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Custom terms of service"
        hint="Members accept these terms when your company sign-in asks them to."
      >
        {(control) => (
          <textarea
            {...control}
            rows={8}
            maxLength={20_000}
            value={customTos}
            disabled={!canEdit}
            onChange={(event) => setCustomTos(event.target.value)}
          />
        )}
      </Field>
      {canEdit && (
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Save
        </button>
      )}
    </form>
  );
}
