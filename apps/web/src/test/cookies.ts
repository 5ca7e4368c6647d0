/**
 * Sets a cookie in jsdom for a test. The Cookie Store API that Biome recommends over `document.cookie` is
 * not available in jsdom, and the code under test reads `document.cookie`.
 */
export function setTestCookie(cookie: string, doc: Document = document): void {
  doc.cookie = cookie;
}
