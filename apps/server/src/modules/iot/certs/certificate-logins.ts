import type { Database } from '../../../db/client.ts';
import { createCertsRepository } from './certs.repository.ts';

/** A client certificate a device logs in with: the device (its CN) and the certificate's serial (hex). */
export interface CertificateLogin {
  deviceId: string;
  serial: string;
}

/**
 * For the broker: which of these client certificates are their device's, and enabled (certificate logins,
 * modules/connectivity/client-auth.ts, which asks for the devices logging in at the same moment together).
 */
export function certificateLoginCheck(
  db: Database,
): (logins: CertificateLogin[]) => Promise<CertificateLogin[]> {
  const certs = createCertsRepository(db);
  return (logins) => certs.enabledAmong(logins);
}
