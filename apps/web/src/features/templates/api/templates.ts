import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import {
  type BuiltinTemplate,
  builtinTemplateListSchema,
  type CreateCustomTemplate,
  type CustomTemplate,
  type CustomTemplateEntry,
  customTemplateListSchema,
  customTemplateSchema,
  type TemplateApplyRequest,
  type TemplateApplyResult,
  templateApplyResultSchema,
  templateImportResultSchema,
  type UpdateCustomTemplate,
} from '@tinkercloud/shared/iot';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/**
 * Templates (spec 7.5): the built-in catalogue, the custom templates of the selected space on the storage
 * host, and applying either (`PUT /iot/v1/templates`). Answers are read with the shared contract's schemas.
 *
 * | key | holds |
 * |---|---|
 * | `['templates', 'builtin']` | `GET /templates/v1/builtin`: the catalogue (the same in every space) |
 * | `['templates', space]` | `POST /storage/template/v1/list` (`sort: 'asc'`, spec 7.5): the space's custom templates, oldest first |
 * | `['templates', space, id]` | `GET /storage/template/v1/{id}`: one custom template with its parts |
 */
export const templateKeys = {
  builtin: () => ['templates', 'builtin'] as const,
  custom: (space: string) => ['templates', space] as const,
  one: (space: string, id: string) => ['templates', space, id] as const,
};

export interface TemplatesCtx {
  api: ApiRequest;
  config: AppConfig;
  space: string;
}

const apiHost = (config: AppConfig, path: string) => joinUrl(config.hosts.api, path);
/**
 * The template storage's paths already start with `/storage` (upstream's media host, which CCLI reaches at
 * `IOT_API_MEDIA_URL` + `/storage/template/...`); this server answers them at its root, beside the API.
 */
const storage = apiHost;
const enc = encodeURIComponent;

export function builtinTemplatesQueryOptions({ api, config }: Pick<TemplatesCtx, 'api' | 'config'>) {
  return queryOptions({
    queryKey: templateKeys.builtin(),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<BuiltinTemplate[]> =>
      builtinTemplateListSchema.parse(await api(apiHost(config, '/templates/v1/builtin'))).templates,
  });
}

export function customTemplatesQueryOptions({ api, config, space }: TemplatesCtx) {
  return queryOptions({
    queryKey: templateKeys.custom(space),
    queryFn: async (): Promise<CustomTemplateEntry[]> =>
      customTemplateListSchema.parse(
        await api(storage(config, '/storage/template/v1/list'), {
          method: 'POST',
          body: { sort: 'asc', show_deleted: false },
          organization: space,
        }),
      ).templates,
  });
}

export function customTemplateQueryOptions({ api, config, space }: TemplatesCtx, id: string) {
  return queryOptions({
    queryKey: templateKeys.one(space, id),
    queryFn: async (): Promise<CustomTemplate> =>
      customTemplateSchema.parse(
        await api(storage(config, `/storage/template/v1/${enc(id)}`), { organization: space }),
      ),
  });
}

export async function createCustomTemplate(
  { api, config, space }: TemplatesCtx,
  body: CreateCustomTemplate,
): Promise<CustomTemplate> {
  return customTemplateSchema.parse(
    await api(storage(config, '/storage/template/v1/'), { method: 'POST', body, organization: space }),
  );
}

export async function updateCustomTemplate(
  { api, config, space }: TemplatesCtx,
  id: string,
  body: UpdateCustomTemplate,
): Promise<CustomTemplate> {
  return customTemplateSchema.parse(
    await api(storage(config, `/storage/template/v1/${enc(id)}`), {
      method: 'PATCH',
      body,
      organization: space,
    }),
  );
}

export async function deleteCustomTemplate({ api, config, space }: TemplatesCtx, id: string) {
  await api(storage(config, `/storage/template/v1/${enc(id)}`), { method: 'DELETE', organization: space });
}

/** Uploads a `.tino` archive (multipart field `template`); 409 when the space already holds it. */
export async function importTemplateArchive({ api, config, space }: TemplatesCtx, file: File) {
  const form = new FormData();
  form.append('template', file, file.name);
  return templateImportResultSchema.parse(
    await api(storage(config, '/storage/template/archive/v1/'), {
      method: 'POST',
      body: form,
      organization: space,
    }),
  );
}

/** The template's `.tino` archive, as a Blob to save. */
export async function downloadTemplateArchive(
  { api, config, space }: TemplatesCtx,
  id: string,
): Promise<Blob> {
  return api<Blob>(storage(config, `/storage/template/archive/v1/${enc(id)}`), { organization: space });
}

export async function applyTemplate(
  { api, config, space }: TemplatesCtx,
  body: TemplateApplyRequest,
): Promise<TemplateApplyResult> {
  return templateApplyResultSchema.parse(
    await api(apiHost(config, '/iot/v1/templates'), { method: 'PUT', body, organization: space }),
  );
}
