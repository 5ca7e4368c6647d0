import { describe, expect, it } from 'vitest';
import { AppError, codeForStatus } from './errors.ts';

describe('AppError', () => {
  it('renders the spec error body', () => {
    const body = new AppError('not_found', 'Device not found').toBody('req-1', '/iot/v2/devices/x');
    expect(body).toEqual({
      code: 'not_found',
      name: 'Not found',
      detail: 'Device not found',
      id: 'req-1',
      status: 404,
      url: '/iot/v2/devices/x',
    });
  });

  it('defaults to the unexpected error of section 8', () => {
    expect(new AppError('unexpected_error').toBody('i', '/')).toMatchObject({
      code: 'unexpected_error',
      name: 'Unexpected error',
      status: 500,
      detail: 'Unexpected error. Please try again.',
    });
  });

  it('maps HTTP statuses to codes', () => {
    expect(codeForStatus(413)).toBe('payload_too_large');
    expect(codeForStatus(418)).toBe('bad_request');
    expect(codeForStatus(502)).toBe('unexpected_error');
  });
});
