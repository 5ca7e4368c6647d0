export { createIdp, IDP_MOUNT, type Idp, type IdpDeps } from './idp.ts';
