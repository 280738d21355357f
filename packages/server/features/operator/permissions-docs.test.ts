import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, PERMISSIONS } from './permissions.ts';

const DOC = new URL('../../../../docs/operator-console.md', import.meta.url);

/** The role table as docs/operator-console.md shows it (between its markers). */
function documentedTable(): Record<string, string[]> {
  const text = fs.readFileSync(DOC, 'utf8');
  const block = text.split('<!-- permissions:start -->')[1]!.split('<!-- permissions:end -->')[0]!;
  const rows = block.split('\n').filter((line) => line.startsWith('| `'));
  return Object.fromEntries(
    rows.map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const permission = cells[0]!.replace(/`/g, '');
      return [permission, OPERATOR_ROLES.filter((_, i) => cells[i + 1] === '✓')];
    }),
  );
}

describe('the role table', () => {
  it('is documented exactly as the code has it', () => {
    const code = Object.fromEntries(Object.entries(PERMISSIONS).map(([p, roles]) => [p, [...roles]]));
    expect(documentedTable()).toEqual(code);
  });
});
