import type { FastifyInstance } from 'fastify';

// The sign-in code flow by hand, for the suites that test its limits. Not a test file itself.

/** Addresses in `network` (two octets, e.g. '10.0'), a new one at each call. */
export function addressesIn(network: string): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${network}.${Math.floor(counter / 250)}.${counter % 250}`;
  };
}

/** Code requests and code checks, each from a new address of `network` unless one is given. */
export function codeFlow(app: () => FastifyInstance, network: string) {
  const freshIp = addressesIn(network);
  const requestCode = (email: string, remoteAddress = freshIp()) =>
    app().inject({ method: 'POST', url: '/api/auth/request-login-code', payload: { email }, remoteAddress });
  const verify = (email: string, code: string, remoteAddress = freshIp()) =>
    app().inject({
      method: 'POST',
      url: '/api/auth/login-with-code',
      payload: { email, code },
      remoteAddress,
    });
  return { freshIp, requestCode, verify };
}

/** Each call answers the start of a new rate-limit window: an hour after the previous one, from `start`. */
export function hourlyWindows(start: Date): () => Date {
  let hoursOn = 0;
  return () => {
    hoursOn += 1;
    return new Date(start.getTime() + hoursOn * 3_600_000);
  };
}
