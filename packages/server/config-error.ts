/**
 * A setting that cannot run: the CLI prints the message as one line and exits 1. A module of its own,
 * without imports, so that the CLI can recognise it without loading the server (`datekit --help`).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
