/** The Node flags `npm start` runs the server with, chosen by the database it will use (see node-flags.mjs). */
export function serverNodeFlags(database: 'postgres' | 'pglite'): string[];
