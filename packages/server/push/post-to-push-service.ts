import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { resolverOf, type PushEndpointPolicy } from './push-endpoint.ts';
import { nonPublicReason } from './public-address.ts';

/** Thrown by the connection's lookup when the name points at an address pushes never go to. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
}

/**
 * A `lookup` for the push request's socket that resolves the name once more and fails unless every
 * address is public: the connection goes to the very addresses checked, so a name that changes
 * between `checkPushEndpoint` and the connect (DNS rebinding) cannot lead into our network.
 */
function publicOnlyLookup(policy: PushEndpointPolicy): net.LookupFunction {
  const resolve = resolverOf(policy);
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        for (const address of addresses) {
          const why = nonPublicReason(address);
          if (why) return callback(new NonPublicAddressError(`${hostname} resolves to ${address} (${why})`), '', 0);
        }
        if (!addresses.length) return callback(new Error(`${hostname}: no address`), '', 0);
        const all = addresses.map((address) => ({ address, family: net.isIP(address) }));
        if (options.all) callback(null, all);
        else callback(null, all[0]!.address, all[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

// Keep-alive pools: many pushes to one push service share their connections (checked at connect).
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/**
 * POSTs one push to its push service and answers the status code (the body is not read). No redirect
 * is followed (a push service answers itself); an allow-listed origin (the tests' local fake) uses the
 * system's resolver as it is, every other name `publicOnlyLookup`.
 */
export function postToPushService(
  endpoint: string,
  request: { headers: Record<string, string>; body: Uint8Array; timeoutMs: number; policy: PushEndpointPolicy },
): Promise<number> {
  const url = new URL(endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol === 'https:' ? 'https:' : 'http:'],
        headers: { ...request.headers, 'Content-Length': String(request.body.byteLength) },
        ...(request.policy.allowlist.includes(url.origin) ? {} : { lookup: publicOnlyLookup(request.policy) }),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.setTimeout(request.timeoutMs, () => req.destroy(new Error(`no answer in ${request.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}
