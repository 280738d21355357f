/**
 * Runs `argv` with the open-file limit raised to the hard limit (bash's ulimit; the bench only): a
 * bench holding thousands of event streams needs more descriptors than a shell's usual soft limit.
 * `exec` keeps the process id, so the caller's child is the program itself (its CPU can be read).
 */
export function raised(argv: string[]): [string, string[]] {
  return ['bash', ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$@"', 'bash', ...argv]];
}
