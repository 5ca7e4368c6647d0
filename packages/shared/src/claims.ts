/**
 * Our namespaced token claims (spec section 3). The namespace is `{PUBLIC_URL}/claims/` for the embedded
 * identity provider and configurable for an external one.
 */
export function claimNames(namespace: string) {
  const ns = namespace.endsWith('/') ? namespace : `${namespace}/`;
  return {
    id: `${ns}id`,
    username: `${ns}username`,
    loginCount: `${ns}login_count`,
    /** On the access token, not the ID token. */
    tosAccepted: `${ns}tos_accepted`,
    isTeen: `${ns}is_teen`,
  } as const;
}
export type ClaimNames = ReturnType<typeof claimNames>;

/**
 * The claim upstream access tokens carry the user id in. Clients of the Arduino ecosystem (arduino-iot-js) read it as
 * their MQTT user name, so our access tokens carry it too, beside our namespaced claims.
 */
export const UPSTREAM_USER_ID_CLAIM = 'http://arduino.cc/id';
