import http from 'node:http';

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
  text: string;
  /** The body as bytes (images). */
  bytes: Buffer;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON (malformed bodies, image uploads). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Leave out the client-request header, as a cross-site form would. */
  noClientHeader?: boolean;
}

/**
 * A browser-like client over real HTTP: one cookie jar, a fixed Host header (the brand), the
 * client-request header on every call. Node's fetch cannot set Host, so this uses node:http.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  readonly port: number;
  readonly host: string;

  constructor(port: number, host: string) {
    this.port = port;
    this.host = host;
  }

  get<T = Record<string, unknown>>(path: string, options: RequestOptions = {}) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }

  request<T>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = {
      host: this.host,
      ...(options.noClientHeader ? {} : { 'x-client-request': '1' }),
      ...(payload !== undefined
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
        : {}),
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const [name, ...rest] = pair!.split('=');
            const value = rest.join('=');
            if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name!.trim());
            else this.cookies.set(name!.trim(), value);
          }
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          let body: unknown = text;
          if (String(res.headers['content-type']).includes('application/json')) body = JSON.parse(text);
          resolve({ status: res.statusCode!, headers: res.headers, body: body as T, text, bytes });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
}
