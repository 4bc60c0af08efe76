/**
 * The SSRF guard of webhook and enrollment-callback URLs (webhooks/url-guard.ts):
 * IPv6 forms that carry an IPv4 address, and ports. Pure functions; the API's
 * 422 is in webhooks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isPublicAddress, urlProblems } from '../src/webhooks/url-guard.js';

const production = { requireHttps: true, allowPrivate: false };
const sandbox = { requireHttps: false, allowPrivate: true };

describe('webhook URL guard', () => {
  it('refuses the IPv4-compatible range ::/96 and judges IPv4-mapped addresses by their IPv4 address', () => {
    for (const address of [
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::8.8.8.8',
      '::',
      '::1',
      '::ffff:7f00:1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
    ]) {
      expect(`${address} ${isPublicAddress(address)}`).toBe(`${address} false`);
    }
    // A public IPv4 address, mapped, stays public; so does a public IPv6 address.
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
  });

  it('refuses those addresses as URL hosts in production, in every spelling the URL parser accepts', () => {
    for (const url of [
      'https://[::7f00:1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://[0:0:0:0:0:0:7f00:1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://[::ffff:a9fe:a9fe]/latest',
      'https://2130706433/hook',
      'https://0x7f.1/hook',
    ]) {
      expect([url, urlProblems(url, production)]).toEqual([url, ['must not point to a private, loopback, link-local or metadata address']]);
    }
    expect(urlProblems('https://[2606:4700:4700::1111]/hook', production)).toEqual([]);
  });

  it('accepts ports 80, 443 and 1024 to 65535 only, in every environment', () => {
    for (const url of [
      'https://hooks.example.com/x',
      'https://hooks.example.com:443/x',
      'http://hooks.example.com:80/x',
      'https://hooks.example.com:1024/x',
      'https://hooks.example.com:8443/x',
      'https://hooks.example.com:65535/x',
    ]) {
      expect([url, urlProblems(url, production.requireHttps && url.startsWith('http:') ? sandbox : production)]).toEqual([url, []]);
    }
    for (const url of [
      'https://hooks.example.com:22/x',
      'https://hooks.example.com:25/x',
      'https://hooks.example.com:1/x',
      'https://hooks.example.com:1023/x',
      'http://localhost:631/x',
    ]) {
      expect([url, urlProblems(url, sandbox)]).toEqual([url, ['must use port 80, 443 or 1024 to 65535']]);
    }
  });
});
