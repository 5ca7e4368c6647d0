import { isConformantName, NAME_MAX_LENGTH, toConformantName } from '@tinkercloud/shared';

/**
 * Pure account rules (no I/O), shared by the account service and the sign-up pages.
 * The username follows the spec's name conformance rule (section 5).
 */

export const USERNAME_MAX = NAME_MAX_LENGTH;
export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 1024;
export const NAME_MAX = 100;
const EMAIL_MAX = 254;
const ADULT_AGE = 18;

const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function normaliseEmail(email: string): string {
  return email.trim();
}

/** Returns an error message, or null when the value is acceptable. */
export function emailProblem(email: string): string | null {
  if (email.length === 0) return 'Enter your e-mail address.';
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return 'Enter a valid e-mail address.';
  return null;
}

export function usernameProblem(username: string): string | null {
  if (username.length === 0) return 'Choose a username.';
  if (username.length > USERNAME_MAX) return `The username can have at most ${USERNAME_MAX} characters.`;
  if (!isConformantName(username)) {
    return 'The username must start with a letter or a digit and may only contain letters, digits, _ . and -.';
  }
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `The password must have at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The password can have at most ${PASSWORD_MAX} characters.`;
  return null;
}

export function nameProblem(name: string): string | null {
  if (name.length > NAME_MAX) return `The name can have at most ${NAME_MAX} characters.`;
  return null;
}

/** Parses `YYYY-MM-DD` into its parts, or null when it is not a real calendar date. */
function parseDate(value: string): { year: number; month: number; day: number } | null {
  const m = DATE_PATTERN.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  if (year < 1900) return null;
  return { year, month, day };
}

/** Age in whole years on the given day (UTC calendar). */
export function ageOn(birthday: string, today: Date = new Date()): number | null {
  const b = parseDate(birthday);
  if (!b) return null;
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  let age = y - b.year;
  if (m < b.month || (m === b.month && d < b.day)) age -= 1;
  return age;
}

function isFuture(birthday: string, today: Date): boolean {
  const b = parseDate(birthday);
  if (!b) return false;
  const t = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Date.UTC(b.year, b.month - 1, b.day) > t;
}

/** Birthday rule: optional for adults; required for minors and must make them younger than 18. */
export function birthdayProblem(
  birthday: string | undefined,
  isMinor: boolean,
  today = new Date(),
): string | null {
  if (birthday === undefined || birthday === '') {
    return isMinor ? 'Enter your birthday.' : null;
  }
  if (!parseDate(birthday)) return 'Enter the birthday as a valid date (YYYY-MM-DD).';
  if (isFuture(birthday, today)) return 'The birthday cannot be in the future.';
  const age = ageOn(birthday, today) ?? 0;
  if (isMinor && age >= ADULT_AGE)
    return `This account is for users under ${ADULT_AGE}. Create a regular account instead.`;
  return null;
}

/** Teens are 13 to 17 years old (consent is stricter for them). */
export function isTeen(birthday: string | null, today = new Date()): boolean {
  if (!birthday) return false;
  const age = ageOn(birthday, today);
  return age !== null && age >= 13 && age < ADULT_AGE;
}

/**
 * The spec's conformant transform (section 5), then cut so it starts with a letter or digit and fits in `max`
 * characters; may return '' when nothing usable is left.
 */
export function conformName(input: string, max = USERNAME_MAX): string {
  return toConformantName(input.trim())
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, max);
}
