import http from 'node:http';

/** The server's answer: its status and Retry-After (a request refused during the shutdown has one). */
export interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/** A JSON POST the server has read the headers of before it gets the (whole) body. */
export interface AcceptedRequest {
  /** Resolves once the server answered 100-continue: the request is the server's, not in a backlog. */
  accepted: Promise<void>;
  /** Sends the rest of the body (what `sentAtAccept` held back). */
  finish(): void;
  /** The answer; rejects when the connection ends without one (an accepted request cut). */
  answer: Promise<Answer>;
}

/**
 * A browser's API POST on a connection of its own, with `Expect: 100-continue`, so a shutdown test
 * knows which requests the server accepted before its signal and can hold part of a body back (a
 * request in flight). `sentAtAccept`: bytes of the body sent at the 100-continue, all unless given.
 */
export function acceptedRequest(
  port: number,
  urlPath: string,
  json: unknown,
  options: { sentAtAccept?: number } = {},
): AcceptedRequest {
  const body = JSON.stringify(json);
  let accepted!: () => void;
  const acceptedPromise = new Promise<void>((resolve) => (accepted = resolve));
  let finish: () => void = () => undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: urlPath,
        agent: false,
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-client-request': '1',
          expect: '100-continue',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] }));
        res.on('error', reject);
      },
    );
    req.on('continue', () => {
      const sent = options.sentAtAccept ?? body.length;
      req.write(body.slice(0, sent));
      finish = () => req.end(body.slice(sent));
      if (sent >= body.length) finish();
      accepted();
    });
    req.on('error', reject);
    req.flushHeaders();
  });
  return { accepted: acceptedPromise, finish: () => finish(), answer };
}
