/**
 * The common name of a certificate subject as `X509Certificate.subject` gives it (one `key=value` per line);
 * undefined when it has none, or more than one (a login names one device).
 */
export function commonNameOf(subject: string): string | undefined {
  const names = subject
    .split('\n')
    .filter((line) => line.startsWith('CN='))
    .map((line) => line.slice('CN='.length));
  return names.length === 1 ? names[0] : undefined;
}
