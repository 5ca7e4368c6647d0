/** The server's folder-name rule: 1 to 64 characters, no control characters. */
export const FOLDER_NAME_MAX = 64;

export function folderNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the folder a name.';
  if (trimmed.length > FOLDER_NAME_MAX) return `At most ${FOLDER_NAME_MAX} characters.`;
  if (/\p{Cc}/u.test(trimmed)) return 'The name cannot hold control characters.';
  return null;
}
