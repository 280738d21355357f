import { z } from 'zod';
import { COUNTRY_CODES } from '../../data/countries.ts';

const phone = z.string().regex(/^\+?[0-9 ()-]{6,20}$/, { error: 'must be a phone number such as "+45 70 20 30 40"' });

/** The company that operates the site, as the legal pages and the footer name it (spec §3 Company info). */
export const companySchema = z
  .strictObject({
    name: z
      .string()
      .min(2)
      .meta({ description: 'Legal name of the company.', examples: ['Nordlys Media ApS'] }),
    address: z
      .string()
      .min(3)
      .meta({ description: 'Street and number.', examples: ['Vesterbrogade 12'] }),
    kvk: z
      .string()
      .min(4)
      .meta({
        description:
          'Company registry number (the Dutch KvK number; CVR in Denmark, HRB in Germany). Quote it so that YAML keeps it as text.',
        examples: ['38291746'],
      }),
    city: z
      .string()
      .min(2)
      .meta({ description: 'Postal code and city.', examples: ['1620 København V'] }),
    country: z.enum(COUNTRY_CODES).meta({ description: 'Country of registration, ISO 3166 code.', examples: ['DK'] }),
    tradenames: z
      .array(z.string().min(2))
      .default([])
      .meta({
        description: 'Other names the company trades under, listed in the terms.',
        examples: [['Flirt Nord', 'Nordlys Dating']],
      }),
    vat_numbers: z
      .array(z.string().regex(/^[A-Z]{2}[0-9A-Z]{6,14}$/, { error: 'must be a VAT number such as "DK38291746"' }))
      .default([])
      .meta({ description: 'VAT identification numbers.', examples: [['DK38291746']] }),
    support_phone: phone.meta({
      description: 'Customer-service phone number of the company; shown cleaned of dashes and spaces in links.',
      examples: ['+45 70 20 30 40'],
    }),
    delete_discount: z
      .number()
      .int()
      .min(0)
      .max(90)
      .default(0)
      .meta({
        description: 'Discount in percent offered to members who start deleting their account (0: none).',
        examples: [30],
      }),
    added: z.iso.date({ error: 'must be a date written as YYYY-MM-DD, such as 2024-03-01' }).meta({
      description:
        'Date the company started operating the site; the terms are dated from it when later than 2023-12-01.',
      examples: ['2024-03-01'],
    }),
  })
  .meta({
    description: 'Operating company (spec §3 Company info), shown in the footer, the terms and the imprint.',
    examples: [
      {
        name: 'Nordlys Media ApS',
        address: 'Vesterbrogade 12',
        kvk: '38291746',
        city: '1620 København V',
        country: 'DK',
        vat_numbers: ['DK38291746'],
        support_phone: '+45 70 20 30 40',
        added: '2024-03-01',
      },
    ],
  });
