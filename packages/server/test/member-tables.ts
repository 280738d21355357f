import { sql } from 'kysely';
import type { Db, Engine } from '../db/database.ts';

/** A column that holds a member's id, found in the database's catalogue. */
export interface MemberColumn {
  table: string;
  column: string;
}

interface ForeignKey {
  table: string;
  column: string;
  ref_table: string;
  ref_column: string;
}

/** Every foreign key of the database's tables (this schema's only, on PostgreSQL), from its catalogue. */
async function foreignKeys(db: Db, engine: Engine): Promise<ForeignKey[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<ForeignKey>`
      select m.name as "table", f."from" as "column", f."table" as ref_table, f."to" as ref_column
      from sqlite_master m, pragma_foreign_key_list(m.name) f
      where m.type = 'table'`.execute(db);
    return rows;
  }
  const { rows } = await sql<ForeignKey>`
    select t.relname as "table", a.attname as "column", rt.relname as ref_table, ra.attname as ref_column
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class rt on rt.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  return rows;
}

/**
 * Every column that refers to a member: `users.id` itself, each foreign key to it, and each foreign
 * key to a column that is itself one (photos.profile_id -> profiles.id -> users.id). Read from the
 * catalogue, so a table a later migration adds is found without anyone listing it.
 */
export async function memberColumns(db: Db, engine: Engine): Promise<MemberColumn[]> {
  const keys = await foreignKeys(db, engine);
  const found = new Map<string, MemberColumn>([['users.id', { table: 'users', column: 'id' }]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const key of keys) {
      const name = `${key.table}.${key.column}`;
      if (!found.has(name) && found.has(`${key.ref_table}.${key.ref_column}`)) {
        found.set(name, { table: key.table, column: key.column });
        grew = true;
      }
    }
  }
  return [...found.values()];
}

/** The tables with at least one row whose member column holds `memberId`, each with its row count. */
export async function tablesHoldingMember(
  db: Db,
  columns: MemberColumn[],
  memberId: number,
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (const { table, column } of columns) {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${memberId}`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) held.set(table, (held.get(table) ?? 0) + n);
  }
  return held;
}

/** Every table of the database, with the text of all its rows (to search for a member's words). */
export async function everyTableText(db: Db, engine: Engine): Promise<Map<string, string>> {
  const { rows: tables } =
    engine === 'sqlite'
      ? await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const text = new Map<string, string>();
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    text.set(name, JSON.stringify(rows));
  }
  return text;
}
