/**
 * Every route contract of the API. The server mounts them (`defineRoute({ contract })`); the browser
 * imports this index as a type only (`api/contract.ts` `ApiContracts`), so no schema and no zod
 * reaches its bundle.
 */
export * from './account.ts';
export * from './catalog.ts';
export * from './chat.ts';
export * from './likes.ts';
export * from './marketing.ts';
export * from './members.ts';
export * from './operator.ts';
export * from './payments.ts';
export * from './profile.ts';
export * from './user.ts';
