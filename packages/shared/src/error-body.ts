import { z } from 'zod';

/** The one shape every failed response takes (spec section 3 "Error body", section 8 defaults). */
export const errorBodySchema = z.object({
  code: z.string(),
  name: z.string(),
  detail: z.string(),
  id: z.string(),
  status: z.number().int(),
  url: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const UNEXPECTED_ERROR = {
  code: 'unexpected_error',
  name: 'Unexpected error',
  status: 500,
  detail: 'Unexpected error. Please try again.',
} as const;

export const AUTHENTICATION_ERROR_DETAIL = 'Authentication error';

/** Fills the section 8 defaults into whatever a failed response carried. */
export function toErrorBody(input: unknown, status?: number): ErrorBody {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const num = typeof raw.status === 'number' ? raw.status : status;
  return {
    code: str(raw.code) ?? UNEXPECTED_ERROR.code,
    name: str(raw.name) ?? UNEXPECTED_ERROR.name,
    detail: str(raw.detail) ?? UNEXPECTED_ERROR.detail,
    id: str(raw.id) ?? '',
    status: num ?? UNEXPECTED_ERROR.status,
    url: str(raw.url) ?? '',
  };
}
