/** The event an island that crashed sends on `window`, with the error as text in `detail`. */
export const ISLAND_ERROR_EVENT = 'datekit:island-error';
