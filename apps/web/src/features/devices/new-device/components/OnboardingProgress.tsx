import { Link } from '@tanstack/react-router';
import { isOnboardingActive } from '@tinkercloud/shared';
import { useState } from 'react';
import { CopyField } from '@/components/CopyField.tsx';
import { useServices } from '../../../../app/services.tsx';
import { NotFound } from '../../../../components/NotFound.tsx';
import { toast } from '../../../../lib/toast.tsx';
import { endOnboarding } from '../api/provisioning.ts';
import { availableMessage, useOnboarding } from '../hooks/use-onboarding.ts';

/** Waits for the board of an onboarding to connect, live, and says when it is available. */
export function OnboardingProgress({ space, id }: { space: string; id: string }) {
  const { api, config } = useServices();
  const { onboarding, notFound, error } = useOnboarding(space, id);
  const [ending, setEnding] = useState(false);
  if (notFound) return <NotFound />;
  if (error)
    return (
      <p className="field-error" role="alert">
        {error.message}
      </p>
    );
  if (!onboarding)
    return (
      <p className="muted" role="status">
        <span className="spinner spinner-small" aria-hidden="true" /> Loading…
      </p>
    );

  const stop = async () => {
    setEnding(true);
    try {
      await endOnboarding(api, config, space, id);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setEnding(false);
    }
  };

  const deviceLink = (
    <Link to="/devices/$id/" params={{ id: onboarding.device_id }} className="button">
      Open device
    </Link>
  );
  return (
    <section
      className="flow-card new-device-card"
      aria-labelledby="onboarding-title"
      data-testid="onboarding"
      data-state={
        onboarding.provisioned_at ? 'provisioned' : isOnboardingActive(onboarding) ? 'waiting' : 'ended'
      }
    >
      <h2 id="onboarding-title">{onboarding.device_name}</h2>
      {onboarding.provisioned_at ? (
        <>
          <p role="status">{availableMessage(onboarding.device_name)}</p>
          <div className="page-actions">{deviceLink}</div>
        </>
      ) : isOnboardingActive(onboarding) ? (
        <>
          <p role="status">
            <span className="spinner spinner-small" aria-hidden="true" /> Waiting for the board to connect…
          </p>
          <p className="muted">
            Upload a sketch made for this device, or set it up with arduino-cloud-cli. The page moves on by
            itself as soon as the board reaches the broker.
          </p>
          <CopyField label="Device ID" value={onboarding.device_id} testId="onboarding-device-id" />
          <div className="page-actions">
            <button
              type="button"
              className="button button-subtle"
              disabled={ending}
              onClick={() => void stop()}
            >
              Stop waiting
            </button>
          </div>
        </>
      ) : (
        <>
          <p role="status">This setup ended before the board connected.</p>
          <div className="page-actions">{deviceLink}</div>
        </>
      )}
    </section>
  );
}
