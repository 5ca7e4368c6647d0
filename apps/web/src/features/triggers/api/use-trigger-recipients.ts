import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { membersQueryOptions } from '@/features/spaces/api/members.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import type { IsRecipient } from '../model/trigger-kept-parts.ts';

/**
 * Who a trigger of the current space may tell: in My Cloud its owner, in a shared space its members (the
 * server refuses anyone else). Until the members are read, or when this role may not read them (students),
 * everyone passes and the server has the last word.
 */
export function useTriggerRecipients(me: string): IsRecipient {
  const { api, config, space } = useIotContext();
  const { selected } = useSpaces();
  const shared = selected.space !== 'private';
  const members = useQuery({
    ...membersQueryOptions(api, config, space),
    enabled: shared && spaceAllows(selected, 'members.read'),
    retry: false,
  });
  return useMemo(() => {
    if (!shared) return (id) => id === me;
    const list = members.data?.members;
    if (!list) return () => true;
    const ids = new Set(list.map((m) => m.id.toLowerCase()));
    return (id) => ids.has(id.toLowerCase());
  }, [shared, me, members.data]);
}
