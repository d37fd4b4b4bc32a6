import { describe, expect, it } from 'vitest';
import {
  endpointProblem,
  EndpointRefusedError,
  isPublicAddress,
  MSG_ENDPOINT_CREDENTIALS,
  MSG_ENDPOINT_HTTPS,
  MSG_ENDPOINT_PUBLIC,
  MSG_ENDPOINT_URL,
  publicOnlyLookup,
} from './endpoint-policy.js';

describe('endpointProblem in production (private endpoints not allowed)', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dT3abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH0',
    'https://8.8.8.8/push',
    'https://[2606:4700::1111]/push',
  ])('accepts %s', (endpoint) => {
    expect(endpointProblem(endpoint, false)).toBeNull();
  });

  it.each([
    ['not a url', MSG_ENDPOINT_URL],
    ['http://push.example.com/x', MSG_ENDPOINT_HTTPS],
    ['http://localhost:8080/x', MSG_ENDPOINT_HTTPS],
    ['file:///etc/passwd', MSG_ENDPOINT_HTTPS],
    ['https://user:pw@push.example.com/x', MSG_ENDPOINT_CREDENTIALS],
    ['https://localhost/x', MSG_ENDPOINT_PUBLIC],
    ['https://api.localhost/x', MSG_ENDPOINT_PUBLIC],
    ['https://printer.local/x', MSG_ENDPOINT_PUBLIC],
    ['https://intranet/x', MSG_ENDPOINT_PUBLIC],
    ['https://127.0.0.1/x', MSG_ENDPOINT_PUBLIC],
    ['https://0x7f000001/x', MSG_ENDPOINT_PUBLIC],
    ['https://10.0.0.8/x', MSG_ENDPOINT_PUBLIC],
    ['https://172.20.1.1/x', MSG_ENDPOINT_PUBLIC],
    ['https://192.168.1.1/x', MSG_ENDPOINT_PUBLIC],
    ['https://169.254.169.254/latest/meta-data', MSG_ENDPOINT_PUBLIC],
    ['https://100.64.0.1/x', MSG_ENDPOINT_PUBLIC],
    ['https://[::1]/x', MSG_ENDPOINT_PUBLIC],
    ['https://[fd00::1]/x', MSG_ENDPOINT_PUBLIC],
    ['https://[fe80::1]/x', MSG_ENDPOINT_PUBLIC],
    ['https://[::ffff:10.0.0.1]/x', MSG_ENDPOINT_PUBLIC],
  ])('refuses %s', (endpoint, message) => {
    expect(endpointProblem(endpoint, false)).toBe(message);
  });
});

describe('endpointProblem with PUSH_ALLOW_PRIVATE_ENDPOINTS (tests, closed networks)', () => {
  it('allows private addresses and plain http on loopback only', () => {
    expect(endpointProblem('http://127.0.0.1:9000/push/1', true)).toBeNull();
    expect(endpointProblem('http://localhost:9000/push/1', true)).toBeNull();
    expect(endpointProblem('http://[::1]:9000/push/1', true)).toBeNull();
    expect(endpointProblem('https://10.0.0.8/push', true)).toBeNull();
    expect(endpointProblem('http://10.0.0.8/push', true)).toBe(MSG_ENDPOINT_HTTPS);
    expect(endpointProblem('http://push.example.com/x', true)).toBe(MSG_ENDPOINT_HTTPS);
  });
});

describe('isPublicAddress', () => {
  it('judges IPv4-mapped IPv6 addresses as their IPv4 address', () => {
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});

describe('publicOnlyLookup', () => {
  function resolve(allow: boolean, host: string): Promise<unknown> {
    return new Promise((done, fail) =>
      publicOnlyLookup(allow)(host, { all: true }, (error, addresses) =>
        error ? fail(error) : done(addresses),
      ),
    );
  }

  it('refuses a name that resolves to a loopback address (no network needed)', async () => {
    await expect(resolve(false, 'localhost')).rejects.toBeInstanceOf(EndpointRefusedError);
  });

  it('resolves it when private endpoints are allowed', async () => {
    await expect(resolve(true, 'localhost')).resolves.toEqual(
      expect.arrayContaining([expect.objectContaining({ family: expect.any(Number) })]),
    );
  });
});
