/** `{Page} | {productName}`; pages without a title show the product name alone. */
export function pageTitle(page: string | undefined, productName: string): string {
  return page ? `${page} | ${productName}` : productName;
}
