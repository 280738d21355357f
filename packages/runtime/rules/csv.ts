/** One cell of a table: text, a number or empty. */
export type CsvCell = string | number | null;

/**
 * A table as CSV text (RFC 4180): comma-separated, CRLF line ends, a cell quoted when it holds a comma,
 * a quote or a line break (quotes doubled). Text that starts like a spreadsheet formula (= + - @ and
 * tab/CR) gets a leading apostrophe: tracking values come from visitors' URLs and must not run as
 * formulas when an operator opens the file. With `bom`, a UTF-8 byte order mark goes first, so Excel
 * reads the file as UTF-8 (other programs ignore it).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], bom = true): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return (bom ? '\uFEFF' : '') + lines.join('\r\n') + '\r\n';
}

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
