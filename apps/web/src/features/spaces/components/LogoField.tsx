import { useQueryClient } from '@tanstack/react-query';
import type { Space } from '@tinkercloud/shared';
import { useId, useRef } from 'react';
import { useServices } from '@/app/services.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { deleteLogo, type LogoKind, SPACES_KEY, uploadLogo } from '../api/spaces.ts';
import { useHiddenLogos } from '../hooks.ts';

/** Images only, up to 1 MB: the server enforces the same and says why when it refuses. */
/** What the server stores: no SVG, which could carry script. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** One logo of a space: the square icon, or the horizontal logo shown in the header (`second`). */
export function LogoField({ space, kind, canEdit }: { space: Space; kind: LogoKind; canEdit: boolean }) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const current = kind === 'second' ? space.second_logo : space.logo;
  const label = kind === 'second' ? 'Horizontal logo' : 'Logo';

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
      await readAgain(queryClient, SPACES_KEY);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    void run(() => uploadLogo(api, config, space.id, kind, file), `${label} updated`);
  };

  return (
    <div className="logo-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className={`logo-preview logo-preview-${kind}`}>
        {current ? (
          <img src={current} alt={`${label} of ${space.name}`} />
        ) : (
          <span className="muted">None</span>
        )}
      </div>
      {kind === 'second' && current && <HeaderLogoSwitch spaceId={space.id} />}
      {canEdit && (
        <div className="logo-actions">
          <label className="button button-subtle button-small" htmlFor={id}>
            Upload
          </label>
          <input
            ref={input}
            id={id}
            className="visually-hidden"
            type="file"
            accept={LOGO_ACCEPT}
            aria-labelledby={`${id}-label`}
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          {current && (
            <LoadingButton
              className="button-subtle button-small"
              onClick={() => run(() => deleteLogo(api, config, space.id, kind), `${label} removed`)}
            >
              Remove
            </LoadingButton>
          )}
        </div>
      )}
    </div>
  );
}

/** Anyone may hide a space's logo from their own header; it is a personal choice kept in a cookie. */
function HeaderLogoSwitch({ spaceId }: { spaceId: string }) {
  const { hidden, setHidden } = useHiddenLogos();
  return (
    <label className="checkbox-field">
      <input
        type="checkbox"
        checked={!hidden.includes(spaceId)}
        onChange={(event) => setHidden(spaceId, !event.target.checked)}
      />
      Show in the header
    </label>
  );
}
