import { useQueryClient } from '@tanstack/react-query';
import type { OrganizationSpaceType, Space } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { SPACES_KEY, updateSpace } from '@/features/spaces/api/spaces.ts';
import { InviteMembers } from '@/features/spaces/components/InviteMembers.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import type { ProSpaceStep } from '../model/flows.ts';

/** Setting up a team space: name it, invite the team, done (started by `space_id`, spec 4.3). */
export function ProSpaceFlow({
  space,
  initialStep = 'name',
  onFinish,
}: {
  space: Space & { space: OrganizationSpaceType };
  initialStep?: ProSpaceStep;
  onFinish: () => void;
}) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ProSpaceStep>(initialStep);
  const [name, setName] = useState(space.name);
  const [busy, setBusy] = useState(false);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (
        await updateSpace(api, config, space.id, {
          name: name.trim() === space.name ? undefined : name.trim(),
        })
      )
        await readAgain(queryClient, SPACES_KEY);
      setStep('invite');
    } catch (error) {
      toast.error(networkErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="flow-card"
      aria-label="Set up your team space"
      data-step={step}
      data-testid="pro-space-flow"
    >
      {step === 'name' && (
        <form className="form" onSubmit={(event) => void saveName(event)}>
          <h2>Name your team space</h2>
          <Field label="Space name">
            {(control) => (
              <input
                {...control}
                required
                maxLength={64}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="button" disabled={busy || !name.trim()}>
            Continue
          </button>
        </form>
      )}
      {step === 'invite' && (
        <>
          <h2>Invite your team</h2>
          <InviteMembers space={space} />
          <button type="button" className="button button-subtle" onClick={() => setStep('end')}>
            Done
          </button>
        </>
      )}
      {step === 'end' && (
        <>
          <h2>Your team space is ready</h2>
          <p>Everything you create now belongs to {space.name}.</p>
          <button type="button" className="button" onClick={onFinish}>
            Start
          </button>
        </>
      )}
    </section>
  );
}
