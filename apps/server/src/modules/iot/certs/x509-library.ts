// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API loaded first: import
// the library only through this module, so the polyfill and the crypto provider are always in place.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Node's WebCrypto is the standard API the library expects; its typings differ only by name from the DOM's.
x509.cryptoProvider.set(webcrypto as never);

export { x509 };
