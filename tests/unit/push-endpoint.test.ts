/** Push endpoints a member may register (push/endpoint.ts): public https: push services only, by default. */
import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from '../../src/server/push/endpoint';

describe('push endpoints', () => {
  it.each([
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGabc',
    'https://wns2-by3p.notify.windows.com/w/?token=x',
  ])('accepts the push service %s', (url) => {
    expect(pushEndpointAllowed(url, 'public')).toBe(true);
  });

  it.each([
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/x',
      'https://localhost/push',
      'https://api.localhost/push',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://172.20.0.1/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://[fe80::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://metadata.google.internal/x',
      'ftp://example.org/x',
    'not a url',
  ])('refuses %s (plain http, credentials, loopback, private, link-local)', (url) => {
    expect(pushEndpointAllowed(url, 'public')).toBe(false);
  });

  it("lets the tests' local push service through only when asked", () => {
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1', 'any')).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1', 'public')).toBe(false);
    expect(pushEndpointAllowed('ftp://127.0.0.1/x', 'any')).toBe(false);
  });
});
