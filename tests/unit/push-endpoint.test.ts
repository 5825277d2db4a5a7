/** Push endpoints a member may register (push/endpoint.ts): public https: push services only, by default. */
import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed, pushEndpointsFrom } from '../../src/server/push/endpoint';

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
      'https://198.18.0.1/push',
      'https://192.0.2.1/push',
      'https://198.51.100.7/push',
      'https://203.0.113.9/push',
      'https://240.0.0.1/push',
      'https://224.0.0.1/push',
      'https://0.0.0.0/push',
      'https://[2001:db8::1]/push',
      'https://[::ffff:10.0.0.1]/push',
      'ftp://example.org/x',
    'not a url',
  ])('refuses %s (plain http, credentials, loopback, private, link-local, reserved)', (url) => {
    expect(pushEndpointAllowed(url, 'public')).toBe(false);
  });

  it('accepts a public address literal, and a host the operator names (PUSH_ENDPOINT_HOSTS)', () => {
    expect(pushEndpointAllowed('https://8.8.8.8/push', 'public')).toBe(true);
    expect(pushEndpointAllowed('https://[2a00:1450:4001::1]/push', 'public')).toBe(true);
    const relay = pushEndpointsFrom(' push-relay.corp , 198.18.0.1 ')!;
    expect(pushEndpointAllowed('https://198.18.0.1/push/1', relay)).toBe(true);
    expect(pushEndpointAllowed('https://push-relay.corp/x', relay)).toBe(true);
    expect(pushEndpointAllowed('http://198.18.0.1/push/1', relay)).toBe(false);
    expect(pushEndpointAllowed('https://198.18.0.2/push/1', relay)).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/a', relay)).toBe(true);
    expect(pushEndpointsFrom('')).toBeUndefined();
  });

  it("lets the tests' local push service through only when asked", () => {
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1', 'any')).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1', 'public')).toBe(false);
    expect(pushEndpointAllowed('ftp://127.0.0.1/x', 'any')).toBe(false);
  });
});
