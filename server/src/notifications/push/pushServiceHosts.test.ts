import { describe, expect, it } from 'vitest';
import { BROWSER_PUSH_SERVICE_HOSTS, isKnownPushService } from './pushServiceHosts.ts';

describe('isKnownPushService', () => {
  it("takes the browsers' push services and subdomains where a wildcard allows them", () => {
    expect(isKnownPushService('https://fcm.googleapis.com/fcm/send/abc', BROWSER_PUSH_SERVICE_HOSTS)).toBe(true);
    expect(isKnownPushService('https://updates.push.services.mozilla.com/wpush/v2/abc', BROWSER_PUSH_SERVICE_HOSTS)).toBe(true);
    expect(isKnownPushService('https://web.push.apple.com/QG-abc', BROWSER_PUSH_SERVICE_HOSTS)).toBe(true);
    expect(isKnownPushService('https://wns2-par02p.notify.windows.com/w/?token=abc', BROWSER_PUSH_SERVICE_HOSTS)).toBe(true);
  });

  it('refuses other hosts, look-alikes, plain http and what is not an address', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com.evil.example/send',
      'https://evilfcm.googleapis.com/send',
      'https://notify.windows.com.evil.example/',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest',
      'https://127.0.0.1:9000/push',
      'not a url',
    ]) {
      expect(isKnownPushService(endpoint, BROWSER_PUSH_SERVICE_HOSTS), endpoint).toBe(false);
    }
  });

  it('takes the hosts the operator adds', () => {
    expect(isKnownPushService('https://127.0.0.1:9000/push', [...BROWSER_PUSH_SERVICE_HOSTS, '127.0.0.1'])).toBe(true);
    expect(isKnownPushService('https://push.example.org/x', ['*.example.org'])).toBe(true);
  });
});
