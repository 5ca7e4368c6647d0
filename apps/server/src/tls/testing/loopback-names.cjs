// Preloaded (`node --require`) into a client process: `*.localhost` resolves to 127.0.0.1, as RFC 6761 asks and as
// the hosts-file lines the server prints at start would make it. Many resolvers (glibc without nss-myhostname)
// do not, and the client library offers no lookup option.
const dns = require('node:dns');

const original = dns.lookup;
dns.lookup = function lookupLocalhostNames(hostname, options, callback) {
  const name = typeof hostname === 'string' && hostname.endsWith('.localhost') ? '127.0.0.1' : hostname;
  return original.call(this, name, options, callback);
};
