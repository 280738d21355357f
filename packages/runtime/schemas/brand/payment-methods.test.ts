import { describe, expect, it } from 'vitest';
import { paymentMethodWarnings } from './credits.ts';

describe('payment methods in a brand file', () => {
  it('warns about discontinued methods wherever they are listed', () => {
    expect(
      paymentMethodWarnings({
        payment_methods: ['ideal', 'giropay'],
        payment_methods_by_country: { DE: ['sofort', 'creditcard'] },
      }),
    ).toEqual([
      'payment_methods: "giropay" was discontinued by its scheme in 2024; it is accepted but never offered',
      'payment_methods_by_country.DE: "sofort" was discontinued by its scheme in 2025; it is accepted but never offered',
    ]);
    expect(paymentMethodWarnings({ payment_methods: ['ideal', 'creditcard'] })).toEqual([]);
  });
});
