/** An IBAN as the member sees it back (the API's mandate, the data export): country, check digits, last four. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
