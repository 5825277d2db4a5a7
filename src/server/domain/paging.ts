/**
 * The paging every list answers with (pageNo / pageSize in, data + totalRecords out): one
 * home, so every area reads a page's offset the same way.
 */
export type Page = { pageNo: number; pageSize: number };
export type Listed<T> = { rows: T[]; total: number };

export const offsetOf = (page: Page) => (page.pageNo - 1) * page.pageSize;
