import path from 'node:path';
import type { BrandProblem } from '@datekit/brand-config';

/** How `datekit validate` prints: for a person (default), for a CI job to read, or as GitHub annotations. */
export const VALIDATE_FORMATS = ['text', 'json', 'github'] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

export function isValidateFormat(format: string): format is ValidateFormat {
  return (VALIDATE_FORMATS as readonly string[]).includes(format);
}

/** One problem (or warning) as `--format json` prints it; `github` prints the same fields as an annotation. */
export interface ProblemRecord {
  /** Relative to the working directory, with `/` separators: the form GitHub matches to a pull request's files. */
  file: string;
  line: number;
  column: number;
  /** The field, as `credit_bundles[0].prices`; empty when the whole file is meant. */
  path: string;
  message: string;
  /** The brand's domain when the file is a brand file, null for niche files and folders. */
  brand: string | null;
  /** A correct YAML line for the field, when there is one. */
  example?: string;
}

export interface ValidateReport {
  ok: boolean;
  problems: ProblemRecord[];
  /** Accepted, but worth a look (a discontinued payment method): never fails the run. */
  warnings: ProblemRecord[];
}

/** A problem, and whether it was found among the brand files (else among the niche files). */
export interface SourcedProblem {
  problem: BrandProblem;
  inBrandFile: boolean;
}

export function problemRecord({ problem, inBrandFile }: SourcedProblem, cwd: string): ProblemRecord {
  const relative = path.relative(cwd, problem.file) || path.basename(problem.file);
  const domain = /^(.+)\.ya?ml$/.exec(path.basename(problem.file))?.[1];
  return {
    file: relative.split(path.sep).join('/'),
    line: problem.line,
    column: problem.column,
    path: problem.field,
    message: problem.message,
    brand: inBrandFile && domain ? domain : null,
    ...(problem.example ? { example: problem.example } : {}),
  };
}

/** `--format json`: one document, so that `jq` or a CI step can read the whole run at once. */
export function jsonReport(report: ValidateReport): string {
  return JSON.stringify(report, null, 2);
}

/**
 * `--format github`: one workflow command per problem (`::error`) and warning (`::warning`), which
 * GitHub Actions shows on the pull request at the file's line. Nothing at all when both lists are empty.
 */
export function githubAnnotations(report: ValidateReport): string[] {
  return [
    ...report.problems.map((record) => annotation('error', record)),
    ...report.warnings.map((record) => annotation('warning', record)),
  ];
}

function annotation(level: 'error' | 'warning', record: ProblemRecord): string {
  const properties = [
    `file=${escapeProperty(record.file)}`,
    `line=${record.line}`,
    `col=${record.column}`,
    `title=${escapeProperty(record.path || 'datekit validate')}`,
  ].join(',');
  const message = record.example ? `${record.message}\nexample: ${record.example}` : record.message;
  return `::${level} ${properties}::${escapeData(message)}`;
}

/**
 * A workflow command's message: GitHub reads `%`, CR and LF as escapes (as `@actions/core` writes
 * them), so a message with a newline stays one command and shows as two lines.
 */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A workflow command's property value: also `:` and `,`, which would end the value early. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
