import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthdayProblem,
  conformName,
  emailProblem,
  isTeen,
  passwordProblem,
  usernameProblem,
} from './account.rules.ts';

const today = new Date(Date.UTC(2025, 5, 15)); // 2025-06-15

describe('account rules', () => {
  it('accepts usernames by the name conformance rule', () => {
    for (const ok of ['a', '7up', 'ada.l', 'Ada_Lovelace-1', 'x'.repeat(63)])
      expect(usernameProblem(ok)).toBeNull();
    for (const bad of ['', '_ada', '.ada', '-ada', 'ada lovelace', 'ada@home', 'àda', 'x'.repeat(64)]) {
      expect(usernameProblem(bad)).not.toBeNull();
    }
  });

  it('checks e-mail addresses and password length', () => {
    expect(emailProblem('ada@example.com')).toBeNull();
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com'])
      expect(emailProblem(bad)).not.toBeNull();
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('12345678')).toBeNull();
  });

  it('computes ages on the calendar', () => {
    expect(ageOn('2007-06-15', today)).toBe(18);
    expect(ageOn('2007-06-16', today)).toBe(17);
    expect(ageOn('2012-02-29', today)).toBe(13);
    expect(ageOn('2025-02-30', today)).toBeNull();
  });

  it('requires minors to give a past birthday that makes them under 18', () => {
    expect(birthdayProblem(undefined, true, today)).toMatch(/birthday/i);
    expect(birthdayProblem('2007-06-16', true, today)).toBeNull();
    expect(birthdayProblem('2007-06-15', true, today)).toMatch(/under 18/);
    expect(birthdayProblem('2025-06-16', true, today)).toMatch(/future/);
    expect(birthdayProblem('15/06/2010', true, today)).toMatch(/valid date/);
    expect(birthdayProblem(undefined, false, today)).toBeNull();
  });

  it('marks 13 to 17 year olds as teens', () => {
    expect(isTeen('2012-06-15', today)).toBe(true);
    expect(isTeen('2012-06-16', today)).toBe(false);
    expect(isTeen('2007-06-16', today)).toBe(true);
    expect(isTeen('2007-06-15', today)).toBe(false);
    expect(isTeen(null, today)).toBe(false);
  });

  it('derives conformant names', () => {
    expect(conformName('Zoë  Ångström')).toBe('Zoe_Angstrom');
    expect(conformName('__hello!world')).toBe('helloworld');
    expect(conformName('x'.repeat(80))).toHaveLength(63);
    expect(conformName('***')).toBe('');
  });
});
