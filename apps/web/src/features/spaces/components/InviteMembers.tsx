import { useQueryClient } from '@tanstack/react-query';
import { type OrganizationSpaceType, ROLE_OPTIONS, rolesAllow, type Space } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { inviteMembers, membersQueryOptions } from '../api/members.ts';
import { SPACES_KEY } from '../api/spaces.ts';

/**
 * Invites people by e-mail or username, each with one of the space's roles (spec 6.1). They become members
 * when they accept on their Home; until then the list shows what was typed, marked Pending.
 */
export function InviteMembers({ space }: { space: Space & { space: OrganizationSpaceType } }) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  // Without members.role (teachers) only the space's base role may be given, as the server enforces.
  const allOptions = ROLE_OPTIONS[space.space];
  const options = rolesAllow(space.roles, 'members.role') ? allOptions : allOptions.slice(-1);
  const [login, setLogin] = useState('');
  // The least powerful role is the safe default: the last in the spec's order.
  const [role, setRole] = useState<string>(options.at(-1)?.value ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const logins = login
      .split(/[\s,;]+/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (logins.length === 0 || busy) return;
    setBusy(true);
    try {
      const sent = await inviteMembers(
        api,
        config,
        space.id,
        logins.map((l) => ({ login: l, role })),
      );
      toast.success(sent.length === 1 ? 'Invitation sent' : `${sent.length} invitations sent`);
      setLogin('');
      await readAgain(queryClient, membersQueryOptions(api, config, space.id).queryKey);
      await readAgain(queryClient, SPACES_KEY);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form form-inline" aria-label="Invite members" onSubmit={(event) => void submit(event)}>
      <Field label="E-mail or username" className="field-grow">
        {(control) => (
          <input
            {...control}
            value={login}
            placeholder="ada@example.com, grace"
            onChange={(event) => setLogin(event.target.value)}
          />
        )}
      </Field>
      <Field label="Role">
        {(control) => (
          <select {...control} value={role} onChange={(event) => setRole(event.target.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button" disabled={busy || !login.trim()} aria-busy={busy}>
        {busy && <span className="spinner spinner-small" aria-hidden="true" />}
        Invite
      </button>
    </form>
  );
}
