import { type ErrorBody, UNEXPECTED_ERROR } from '@tinkercloud/shared';

/** Stable error codes → HTTP status and the human name shown in the error body. */
const CATALOGUE = {
  bad_request: { status: 400, name: 'Bad request' },
  validation_error: { status: 400, name: 'Validation error' },
  unauthorized: { status: 401, name: 'Unauthorized' },
  forbidden: { status: 403, name: 'Forbidden' },
  not_found: { status: 404, name: 'Not found' },
  conflict: { status: 409, name: 'Conflict' },
  /** A link that expired (OTA downloads). */
  gone: { status: 410, name: 'Gone' },
  /** A plan limit reached (things, API clients, triggers): the upstream IoT API answers 412. */
  precondition_failed: { status: 412, name: 'Precondition failed' },
  payload_too_large: { status: 413, name: 'Payload too large' },
  unsupported_media_type: { status: 415, name: 'Unsupported media type' },
  too_many_requests: { status: 429, name: 'Too many requests' },
  unexpected_error: { status: UNEXPECTED_ERROR.status, name: UNEXPECTED_ERROR.name },
  service_unavailable: { status: 503, name: 'Service unavailable' },
} as const;

type ErrorCode = keyof typeof CATALOGUE;

/** The one error type the server throws on purpose; the error handler renders it as the spec's body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string = UNEXPECTED_ERROR.detail,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'AppError';
    this.status = CATALOGUE[code].status;
  }

  toBody(requestId: string, url: string): ErrorBody {
    return {
      code: this.code,
      name: CATALOGUE[this.code].name,
      detail: this.detail,
      id: requestId,
      status: this.status,
      url,
    };
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (detail = 'You do not have permission to do this.') =>
  new AppError('forbidden', detail);
export const unauthorized = () => new AppError('unauthorized', 'Authentication error');

export function codeForStatus(status: number): ErrorCode {
  const hit = (Object.keys(CATALOGUE) as ErrorCode[]).find((c) => CATALOGUE[c].status === status);
  return hit ?? (status >= 500 ? 'unexpected_error' : 'bad_request');
}
