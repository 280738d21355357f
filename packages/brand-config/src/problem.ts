import path from 'node:path';

/** One thing wrong with a brand or niche file, located so that an editor can jump to it. */
export interface BrandProblem {
  /** Absolute path of the file. */
  file: string;
  /** 1-based line of the offending node (for a missing key: of the mapping that lacks it). */
  line: number;
  /** 1-based column of that node. */
  column: number;
  /** Path of the field, as `credit_bundles[0].prices`; empty when the whole file is meant. */
  field: string;
  /** What is wrong, in plain words. */
  message: string;
  /** A correct YAML line for the field, such as `domain: flirtnord.dk`. */
  example?: string;
}

/**
 * `file:line:column field: message`, then the example on its own line. The location comes first so
 * that terminals and editors turn it into a link; the path is relative to `cwd`.
 */
export function formatProblem(problem: BrandProblem, cwd: string = process.cwd()): string {
  const file = path.relative(cwd, problem.file) || path.basename(problem.file);
  const where = `${file}:${problem.line}:${problem.column}`;
  const what = problem.field ? `${problem.field}: ${problem.message}` : problem.message;
  return problem.example ? `${where} ${what}\n  example: ${problem.example}` : `${where} ${what}`;
}

/** Problems in reading order: by file, then by position. */
export function sortProblems(problems: BrandProblem[]): BrandProblem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
