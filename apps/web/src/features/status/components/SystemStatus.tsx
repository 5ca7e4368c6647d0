import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { statusQueryOptions } from '../api/status.ts';
import { statusView } from './status-view.ts';

export function SystemStatus() {
  const { api, config } = useServices();
  const query = useQuery(statusQueryOptions(api, config));
  const { tone, text } = statusView(query.data, query.isError);
  return (
    <p className="system-status" data-tone={tone}>
      <span className="status-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
