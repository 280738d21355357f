import type { Command } from 'commander';
import { OPERATOR_ROLES } from '@datekit/server/features/operator/permissions';

/** `datekit operators add|enrol-code|list|disable`: the operator console's staff accounts. */
export function declareOperators(program: Command): void {
  const operators = program.command('operators').description('Staff accounts of the operator console');

  operators
    .command('add')
    .description('Create an operator; prints the one-time enrolment code, the TOTP secret and its otpauth URL')
    .requiredOption('--email <address>', "the operator's e-mail address (their login)")
    .requiredOption('--role <role>', `one of ${OPERATOR_ROLES.join(', ')} (docs/operator-console.md)`)
    .option('--password <password>', 'the password; asked for on a terminal, generated when empty')
    .action(async (options: { email: string; role: string; password?: string }) =>
      (await import('./operators.ts')).addOperatorCommand(options),
    );

  operators
    .command('enrol-code')
    .description('A new one-time enrolment code for an operator who has not set up the authenticator app yet')
    .requiredOption('--email <address>', "the operator's e-mail address")
    .option('--reset', 'for one who has: a new TOTP secret (lost phone), their sessions ended, enrol again')
    .action(async (options: { email: string; reset?: boolean }) =>
      (await import('./operators.ts')).enrolCodeCommand(options),
    );

  operators
    .command('list')
    .description('Every operator with role and status')
    .action(async () => (await import('./operators.ts')).listOperatorsCommand());

  operators
    .command('disable')
    .description('Disable an operator and end their sessions (the audit log keeps their rows)')
    .requiredOption('--email <address>', "the operator's e-mail address")
    .action(async (options: { email: string }) => (await import('./operators.ts')).disableOperatorCommand(options));
}
