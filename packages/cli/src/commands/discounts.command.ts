import type { Command } from 'commander';
import type { CreateOptions } from './discounts.ts';

export const VALIDITIES = ['once-per-user', 'once', 'unlimited'] as const;

/** `datekit discounts create|list|disable`: operators' discount codes (spec §3 Discount code). */
export function declareDiscounts(program: Command): void {
  const discounts = program.command('discounts').description("Manage a brand's discount codes");
  discounts
    .command('create')
    .description('Create a discount code')
    .requiredOption('--brand <domain>', 'the brand the code is for')
    .requiredOption('--code <code>', 'the code members type (3-40 letters, digits, - or _)')
    .requiredOption('--percent <n>', 'discount in percent, 1 to 90')
    .option('--validity <v>', `${VALIDITIES.join(' | ')}`, 'once-per-user')
    .option('--minimum <amount>', 'minimum order value in the order currency, e.g. 29.95')
    .option('--country <code>', 'only for members in this country (ISO code)')
    .option('--email <address>', 'only for this member')
    .option('--expires <date>', 'last moment it applies, e.g. 2026-12-31T23:59:59Z')
    .option('--currency <code>', 'only for orders in this currency')
    .option('--methods <list>', 'comma-separated payment methods it is valid for')
    .action(async (options: CreateOptions) => (await import('./discounts.ts')).createDiscountCommand(options));
  discounts
    .command('list')
    .description("List a brand's discount codes")
    .requiredOption('--brand <domain>', 'the brand')
    .action(async (options: { brand: string }) => (await import('./discounts.ts')).listDiscountsCommand(options));
  discounts
    .command('disable')
    .description('Disable a discount code: it no longer applies')
    .requiredOption('--brand <domain>', 'the brand')
    .argument('<code>', 'the code')
    .action(async (code: string, options: { brand: string }) =>
      (await import('./discounts.ts')).disableDiscountCommand(code, options),
    );
}
