import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { iotUrl } from './detail-queries.ts';
import { iotKeys } from './query-keys.ts';
import { batchQueryRawSchema } from './schemas.ts';

/** One stored value of a variable. */
export interface Message {
  at: string;
  value: unknown;
}

/** How many of a variable's latest values a messenger shows; live values beyond it push the oldest out. */
export const MESSAGES_LIMIT = 20;

/** The latest values of one variable as stored (any type), newest first; live values are prepended. */
export function messagesQueryOptions(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  property: { id: string; thing_id: string },
) {
  return queryOptions({
    queryKey: iotKeys.messages(space, property.thing_id, property.id),
    queryFn: async (): Promise<Message[]> => {
      const body = batchQueryRawSchema.parse(
        await api(iotUrl(config, '/iot/v2/series/batch_query_raw'), {
          method: 'POST',
          body: {
            resp_version: 1,
            requests: [{ q: `property.${property.id}`, sort: 'DESC', series_limit: MESSAGES_LIMIT }],
          },
          organization: space,
        }),
      );
      const answer = body.responses.find((r) => r.status === 'ok');
      if (!answer) return [];
      return answer.times.map((at, i) => ({ at, value: answer.values[i] }));
    },
  });
}
