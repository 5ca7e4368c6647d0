import type { ApiClientCreatedRead } from '@tinkercloud/shared';

/**
 * A plain text file with the key as it was made: the secret cannot be read back from the server. It names
 * where tokens come from and where the API is, so the file alone is enough to use the key later.
 */
export function apiKeyCredentialsFile(key: ApiClientCreatedRead, serverUrl: string): string {
  return [
    `API key: ${key.name}`,
    `Client ID: ${key.client_id}`,
    `Client secret: ${key.client_secret}`,
    `Token URL: ${serverUrl}/iot/v1/clients/token`,
    `API base URL: ${serverUrl}`,
    '',
    'The client secret is shown only once; it cannot be read back from the server.',
    '',
  ].join('\n');
}

/** A file name from the key name (letters, digits, spaces and _ . - only, by the server's rule). */
export const apiKeyCredentialsFileName = (key: Pick<ApiClientCreatedRead, 'name'>) =>
  `${key.name.trim().replace(/[^a-zA-Z0-9_.-]+/g, '_')}-api-key.txt`;
