/**
 * A web origin as the URL standard serializes it, and nothing more:
 * `scheme://host[:port]`, the host letters, digits, hyphens and dots (an
 * internationalized name arrives as punycode) or a bracketed IPv6 address.
 * The WHATWG parser lets `"`, `'` and a percent-decoded `;` through in a
 * host, which in a Content-Security-Policy header would add directives.
 */
const PLAIN_ORIGIN = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function isPlainOrigin(origin: string): boolean {
  return PLAIN_ORIGIN.test(origin);
}
