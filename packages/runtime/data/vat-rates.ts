import type { CountryCode } from './countries.ts';

/**
 * Standard VAT rate, in percent, on digital services sold to consumers in each country datekit
 * serves; null where no VAT is charged (the receipt then shows the total only). Every country of
 * COUNTRIES needs an entry, so adding a country forces a decision here.
 *
 * Source: European Commission, "VAT rates applied in the Member States of the European Union"
 * (taxation-customs.ec.europa.eu), the rates in force on 2026-01-01, transcribed on 2026-11-29
 * without access to the Commission's page: check them against its current list before each return.
 * Norway: Skatteetaten, VOEC scheme (25 %); Switzerland: ESTV/AFC, standard rate since 2024-01-01
 * (8.1 %); United Kingdom: HMRC, standard rate (20 %), due from the first sale for sellers
 * established outside the UK.
 * EU sales are declared through the one-stop shop (OSS) at the buyer's country's rate.
 */
export const VAT_RATES: Record<CountryCode, number | null> = {
  AT: 20,
  BE: 21,
  CH: 8.1,
  DE: 19,
  DK: 25,
  ES: 21,
  FI: 25.5, // since 2024-09-01 (24 before)
  FR: 20,
  GB: 20,
  IE: 23,
  IT: 22,
  LU: 17, // back to 17 since 2024-01-01 (16 in 2023)
  NL: 21,
  NO: 25,
  PL: 23,
  SE: 25,
  // No VAT: US sales taxes are per state and not handled by datekit.
  US: null,
};
