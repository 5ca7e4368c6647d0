/** Where the suite's main server listens (specs that set up data over HTTP need it outside a test). */
export const PORT = Number(process.env.E2E_PORT ?? 4310);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
