import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino, type Logger, type LoggerOptions } from 'pino';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawRequestDefaultExpression,
} from 'fastify';
import type { ServerConfig } from '../config.ts';

export type { Logger };

/** What never reaches a log line: credentials in headers, bodies and error details. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'password_repeat',
  'token',
  '*.password',
  '*.password_repeat',
  '*.token',
  '*.cookie',
];

/** Query parameters that carry secrets (activation and reset links): their values are replaced in logged URLs. */
const SECRET_PARAMS = /([?&](?:token|key|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v']);

/** One readable line per log record: `12:00:01 ERROR [req-id] message key=value`, then the stack. */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(Number(record.time ?? Date.now())).toISOString().slice(11, 19);
  const level = LEVELS[Number(record.level)] ?? String(record.level);
  const id = record.reqId ? ` [${String(record.reqId)}]` : '';
  const fields = Object.entries(record)
    .filter(([key]) => !SKIPPED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = record.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n    ${(err.stack ?? err.message ?? '').split('\n').join('\n    ')}` : '';
  return `${time} ${level.padEnd(5)}${id} ${String(record.msg ?? '')}${fields.length ? ` ${fields.join(' ')}` : ''}${stack}`;
}

/** A pino destination that prints readable lines (development); production writes pino's JSON as it is. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) out.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}

/** pino's levels at which `info` records are written. */
const INFO_LEVELS = new Set(['trace', 'debug', 'info']);

/**
 * Fastify's lines for every request ("incoming request", "request completed") are `info` records:
 * at a level without `info` each would build its record only for the logger to drop it, twice per
 * request. They are skipped there; a request that completes with an error is logged at any level,
 * as are Fastify's other lines (failed answers, stream errors).
 */
class RequestLogController extends LogController {
  private readonly infoWritten: boolean;

  constructor(infoWritten: boolean) {
    super();
    this.infoWritten = infoWritten;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.infoWritten) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || this.infoWritten) super.requestCompleted(error, request, reply, metadata);
  }
}

/** pino's settings from the config: `config.logLevel` (warnings and errors always), secrets redacted. */
function pinoOptions(config: Pick<ServerConfig, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * The process's one logger, `services.log` (Fastify's `app.log` and `request.log` are its children):
 * pino's JSON lines on stdout, readable lines with LOG_FORMAT=pretty, through the redaction above.
 * `stream` replaces stdout, for a test that reads what was logged.
 */
export function createLogger(
  config: Pick<ServerConfig, 'logLevel' | 'logFormat'>,
  stream?: NodeJS.WritableStream,
): Logger {
  const destination = stream ?? (config.logFormat === 'pretty' ? prettyStream() : undefined);
  return destination ? pino(pinoOptions(config), destination) : pino(pinoOptions(config));
}

/**
 * Fastify's logger options: `log` (services.log, or one of createLogger's own) for every record,
 * each record of a request carrying its id (as `reqId`). A request id from the proxy (`x-request-id`)
 * is kept only when the proxy is trusted.
 */
export function loggerOptions(
  config: ServerConfig,
  log: Logger,
): Pick<
  FastifyServerOptions,
  'loggerInstance' | 'genReqId' | 'requestIdHeader' | 'childLoggerFactory' | 'logController'
> {
  return {
    loggerInstance: log as FastifyBaseLogger,
    logController: new RequestLogController(INFO_LEVELS.has(config.logLevel)),
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: (_req: RawRequestDefaultExpression) => randomUUID(),
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger as PinoLogger, bindings, options),
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's logger here is pino, which answers this; Fastify's own type leaves it out. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger (`request.log`), carrying its id, that makes pino's child logger only when the
 * request writes its first record. Making the child serialises its bindings through the redaction
 * rules, on every request; at the default level most requests write nothing, so most never pay it.
 */
class RequestLogger {
  private made: PinoLogger | undefined;

  private readonly parent: PinoLogger;
  private readonly bindings: Record<string, unknown>;
  private readonly options: { level?: string };

  constructor(parent: PinoLogger, bindings: Record<string, unknown>, options: { level?: string }) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
    // A route with a level of its own decides with the child's level from the start.
    if (options.level) this.made = this.real;
  }

  private get real(): PinoLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options) as PinoLogger);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    // The parent's level decides until the request has a child (which could have its own level).
    const logger = this.made ?? (this.parent.isLevelEnabled(level) ? this.real : null);
    (logger?.[level] as ((...a: unknown[]) => void) | undefined)?.apply(logger, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }
}

/** Every answer names its request id, so a member's report or a proxy log leads to the server's log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
