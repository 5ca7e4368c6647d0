import { describe, expect, it } from 'vitest';
import { secretsHeader } from './run-compile.ts';

describe('secretsHeader', () => {
  it('defines each secret as a C string literal, escaping what C would misread', () => {
    expect(
      secretsHeader([
        { name: 'SECRET_SSID', value: 'Home "5G"' },
        { name: 'SECRET_OPTIONAL_PASS', value: 'a\\b\nc\u0001d1é' },
        { name: 'SECRET_EMPTY', value: '' },
      ]),
    ).toBe(
      '#define SECRET_SSID "Home \\"5G\\""\n' +
        '#define SECRET_OPTIONAL_PASS "a\\\\b\\nc\\001d1\\303\\251"\n' +
        '#define SECRET_EMPTY ""\n',
    );
  });
});
