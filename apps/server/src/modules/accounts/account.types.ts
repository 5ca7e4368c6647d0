/** An account as the rest of the server sees it (never the password hash). */
export interface Account {
  id: string;
  username: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isMinor: boolean;
  birthday: string | null;
  picture: string;
  loginCount: number;
  tosAccepted: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Claims of a verified token from an external OpenID Connect provider. */
export interface ExternalIdentity {
  subject: string;
  email?: string | undefined;
  name?: string | undefined;
  username?: string | undefined;
  picture?: string | undefined;
  emailVerified?: boolean | undefined;
  isMinor?: boolean | undefined;
}
